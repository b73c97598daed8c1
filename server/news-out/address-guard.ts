import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'
import { networkInterfaces } from 'node:os'

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
	// Documentation, benchmarking and protocol ranges: nobody's service, though a host may carry one.
	reserved: [
		['192.0.0.0', 24, 'ipv4'],
		['192.0.2.0', 24, 'ipv4'],
		['198.18.0.0', 15, 'ipv4'],
		['198.51.100.0', 24, 'ipv4'],
		['203.0.113.0', 24, 'ipv4'],
		['2001:db8::', 32, 'ipv6'],
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

/** This host's own addresses (every interface's): a webhook to one of them is a call to ourselves. */
function ownAddresses(): string[] {
	return Object.values(networkInterfaces())
		.flat()
		.map((i) => i?.address.replace(/%.*$/, ''))
		.filter((a): a is string => !!a && isIP(a) !== 0)
}

/**
 * Parses WEBHOOK_ALLOW_NETWORKS (comma-separated names and CIDRs); throws naming a bad entry.
 * This host's own addresses count as loopback, whatever network they are in.
 */
export function addressPolicy(
	allowList: readonly string[],
	own: readonly string[] = ownAddresses(),
): AddressPolicy {
	const refused = new BlockList()
	for (const nets of Object.values(NAMED))
		for (const [net, prefix, type] of nets) refused.addSubnet(net, prefix, type)
	for (const [net, prefix, type] of ALWAYS_REFUSED) refused.addSubnet(net, prefix, type)
	const addOwn = (list: BlockList) => {
		for (const a of own) {
			const { address, family } = unmapped(a)
			list.addAddress(address, family)
		}
	}
	addOwn(refused)
	const allowed = new BlockList()
	for (const raw of allowList) {
		const entry = raw.trim().toLowerCase()
		if (!entry) continue
		const named = NAMED[entry]
		if (named) {
			for (const [net, prefix, type] of named) allowed.addSubnet(net, prefix, type)
			if (entry === 'loopback') addOwn(allowed)
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

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 included), or null. */
function ipv6Groups(address: string): number[] | null {
	if (isIP(address) !== 6) return null
	let text = address.toLowerCase()
	const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
	if (dotted) {
		const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
		text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
	}
	const [head = '', tail] = text.split('::')
	const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : [])
	const front = part(head)
	const back = part(tail)
	const zeros = tail === undefined ? [] : Array(8 - front.length - back.length).fill(0)
	return [...front, ...zeros, ...back]
}

/**
 * An IPv4 address carried in IPv6 is checked as the IPv4 address it is: mapped (::ffff:10.0.0.1),
 * compatible (::127.0.0.1) and NAT64 (64:ff9b::127.0.0.1, 64:ff9b:1::/48), however it is written.
 */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
	const g = ipv6Groups(address)
	if (!g) return { address, family: 'ipv4' }
	const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0)
	const carriesIpv4 =
		(zero(0, 5) && g[5] === 0xffff) ||
		(zero(0, 6) && (g[6]! > 0 || g[7]! > 1)) ||
		(g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) ||
		(g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1)
	if (!carriesIpv4) return { address, family: 'ipv6' }
	const [hi, lo] = [g[6]!, g[7]!]
	return { address: [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.'), family: 'ipv4' }
}

const NEVER = new BlockList()
for (const [net, prefix, type] of ALWAYS_REFUSED) NEVER.addSubnet(net, prefix, type)

/**
 * Why a webhook may not go to this address ('an address that is …'), or null when it may. The
 * address itself is not named: a name's internal resolution is not the subscriber's to learn.
 */
export function refusalOf(policy: AddressPolicy, rawAddress: string): string | null {
	const { address, family } = unmapped(rawAddress)
	if (NEVER.check(address, family)) return 'an address that is not a destination'
	if (!policy.refused.check(address, family)) return null
	if (policy.allowed.check(address, family)) return null
	return 'a loopback, private, link-local or reserved address (refused unless WEBHOOK_ALLOW_NETWORKS allows it)'
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
				if (why) return callback(new AddressRefused(`${hostname} resolves to ${why}`), [])
			}
			if (options.all) return callback(null, list)
			const first = list[0]!
			callback(null, first.address, first.family)
		})
	}
}
