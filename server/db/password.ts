import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Password hashes for the embedded sign-in, with node:crypto scrypt.
 * Format: `scrypt$N$r$p$saltB64$hashB64` (N the CPU/memory cost, r the block
 * size, p the parallelism, base64 salt and derived key).
 */
const N = 16384
const R = 8
const P = 1
const KEY_LENGTH = 64
const SALT_LENGTH = 16

function scryptAsync(
	password: string,
	salt: Buffer,
	keyLength: number,
	options: ScryptOptions,
): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		scrypt(password, salt, keyLength, options, (error, key) =>
			error ? reject(error) : resolve(key),
		)
	})
}

/**
 * Hashes a password. `salt` is for deterministic fixtures only (the demo seed);
 * everything else lets it default to 16 random bytes.
 */
export async function hashPassword(
	plain: string,
	salt: Buffer = randomBytes(SALT_LENGTH),
): Promise<string> {
	const key = await scryptAsync(plain, salt, KEY_LENGTH, {
		N,
		r: R,
		p: P,
		maxmem: 64 * 1024 * 1024,
	})
	return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$')
}

/** True when `plain` matches `hash`; false for a wrong password or a malformed hash. */
export async function verifyPassword(
	plain: string,
	hash: string | null | undefined,
): Promise<boolean> {
	if (!hash) return false
	const parts = hash.split('$')
	if (parts.length !== 6 || parts[0] !== 'scrypt') return false
	const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
	if (![n, r, p].every((v) => Number.isInteger(v) && v > 0) || n > 1_048_576 || r > 32 || p > 16)
		return false
	const salt = Buffer.from(parts[4] ?? '', 'base64')
	const expected = Buffer.from(parts[5] ?? '', 'base64')
	if (salt.length === 0 || expected.length === 0) return false
	try {
		const actual = await scryptAsync(plain, salt, expected.length, {
			N: n,
			r,
			p,
			maxmem: 256 * n * r + 64 * 1024 * 1024,
		})
		return timingSafeEqual(actual, expected)
	} catch {
		return false
	}
}
