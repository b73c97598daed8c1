import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'

/**
 * Where a webhook may be delivered ("Deliveries to loopback, private and link-local
 * addresses are refused unless the configuration allows them"). The host is resolved and EVERY
 * address it resolves to is checked; the connection is then made to a checked address (the
 * check is the socket's own DNS lookup, so a name cannot resolve to a public address for the
 * check and a private one for the connection). Redirects are never followed (./webhook-http.ts).
 *
 * The allow-list (WEBHOOK_ALLOW_NETWORKS) names networks to let through anyway: `loopback`,
 * `private`, `link-local`, or CIDRs (`10.1.0.0/16`, `fd00::/8`). The demo and the tests allow
 * `loopback` only.
 */

/** Networks refused unless allowed, by the name the allow-list may use. */
const NAMED: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
	loopback: [
		['127.0.0.0', 8, 'ipv4'],
		['::1', 128, 'ipv6'],
	],
	private: [
		['10.0.0.0', 8, 'ipv4'],
		['172.16.0.0', 12, 'ipv4'],
		['192.168.0.0', 16, 'ipv4'],
		['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
		['fc00::', 7, 'ipv6'], // unique local
	],
	'link-local': [
		['169.254.0.0', 16, 'ipv4'], // includes the cloud metadata address 169.254.169.254
		['fe80::', 10, 'ipv6'],
	],
}

/** Never a webhook's destination, whatever the allow-list says: "this network", multicast, reserved, broadcast. */
const ALWAYS_REFUSED: [string, number, 'ipv4' | 'ipv6'][] = [
	['0.0.0.0', 8, 'ipv4'],
	['224.0.0.0', 4, 'ipv4'],
	['240.0.0.0', 4, 'ipv4'],
	['::', 128, 'ipv6'],
	['ff00::', 8, 'ipv6'],
]

export interface AddressPolicy {
	refused: BlockList
	allowed: BlockList
	/** The allow-list as configured, for messages. */
	allowList: readonly string[]
}

/** Parses WEBHOOK_ALLOW_NETWORKS (comma-separated names and CIDRs); throws naming a bad entry. */
export function addressPolicy(allowList: readonly string[]): AddressPolicy {
	const refused = new BlockList()
	for (const nets of Object.values(NAMED))
		for (const [net, prefix, type] of nets) refused.addSubnet(net, prefix, type)
	for (const [net, prefix, type] of ALWAYS_REFUSED) refused.addSubnet(net, prefix, type)
	const allowed = new BlockList()
	for (const raw of allowList) {
		const entry = raw.trim().toLowerCase()
		if (!entry) continue
		const named = NAMED[entry]
		if (named) {
			for (const [net, prefix, type] of named) allowed.addSubnet(net, prefix, type)
			continue
		}
		const m = /^([0-9a-f:.]+)\/(\d{1,3})$/.exec(entry)
		const type = m ? isIP(m[1]!) : 0
		if (!m || !type || Number(m[2]) > (type === 4 ? 32 : 128)) {
			throw new Error(
				`WEBHOOK_ALLOW_NETWORKS: '${raw}' is neither loopback, private, link-local nor a CIDR such as 10.0.0.0/8`,
			)
		}
		allowed.addSubnet(m[1]!, Number(m[2]), type === 4 ? 'ipv4' : 'ipv6')
	}
	return { refused, allowed, allowList }
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
	const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
	if (m) return { address: m[1]!, family: 'ipv4' }
	return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' }
}

/** Why a webhook may not go to this address, or null when it may. */
export function refusalOf(policy: AddressPolicy, rawAddress: string): string | null {
	const { address, family } = unmapped(rawAddress)
	for (const [net, prefix, type] of ALWAYS_REFUSED) {
		const one = new BlockList()
		one.addSubnet(net, prefix, type)
		if (one.check(address, family)) return `address ${rawAddress} is not a destination`
	}
	if (!policy.refused.check(address, family)) return null
	if (policy.allowed.check(address, family)) return null
	return `address ${rawAddress} is loopback, private or link-local (refused unless WEBHOOK_ALLOW_NETWORKS allows it)`
}

export class AddressRefused extends Error {
	readonly code = 'EADDRREFUSED'
}

type LookupCallback = (
	err: NodeJS.ErrnoException | null,
	address: string | LookupAddress[],
	family?: number,
) => void

/**
 * A `lookup` for http.request/https.request: resolves every address of the host, refuses the
 * connection when any of them is refused, else answers as dns.lookup would.
 */
export function guardedLookup(policy: AddressPolicy, resolve: typeof dnsLookup = dnsLookup) {
	return (
		hostname: string,
		options: { all?: boolean; family?: number | string },
		callback: LookupCallback,
	) => {
		resolve(hostname, { all: true, verbatim: true }, (err, addresses) => {
			if (err) return callback(err, [])
			const list = addresses as LookupAddress[]
			if (list.length === 0)
				return callback(
					Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
					[],
				)
			for (const a of list) {
				const why = refusalOf(policy, a.address)
				if (why) return callback(new AddressRefused(`${hostname}: ${why}`), [])
			}
			if (options.all) return callback(null, list)
			const first = list[0]!
			callback(null, first.address, first.family)
		})
	}
}
