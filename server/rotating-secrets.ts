import { timingSafeEqual } from 'node:crypto'

/**
 * A secret being rotated ("rotatable (new key signs, old key still verifies until it
 * expires)"): the current value signs or is sent; the previous ones (X_PREVIOUS in the
 * environment, comma-separated) are still accepted until they are removed. The session secret,
 * the guest-link secret, the web API key and the embedded provider's client secret all rotate
 * this way (docs/deploy.md "Rotating secrets").
 */

/** Every value that is accepted: the current one first, then those being rotated out. */
export function acceptedSecrets(
	current: string,
	previous: readonly string[] | undefined,
): string[] {
	return [current, ...(previous ?? []).filter((p) => p !== current)]
}

/** Whether `sent` is one of the accepted values, each compared in constant time (every one is compared). */
export function isAcceptedSecret(sent: string, accepted: readonly string[]): boolean {
	const given = Buffer.from(sent)
	let matched = false
	for (const secret of accepted) {
		const expected = Buffer.from(secret)
		if (given.length > 0 && given.length === expected.length && timingSafeEqual(given, expected))
			matched = true
	}
	return matched
}
