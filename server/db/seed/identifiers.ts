import { chars, digits, pick, type Rng } from './random'
import type { CarrierRef } from './reference'

/**
 * Realistic-looking identifiers for generated rows. Generated tracking
 * numbers can never equal the contract's named ones (1Z999AA10123456784,
 * 9400111899223197428490): UPS numbers use other shipper codes and USPS
 * numbers start with 9405. The named orders' other numbers use prefixes the
 * generator never draws (FedEx 6…, DHL 1…, PRO 9…, containers …9…).
 */

const UPS_SHIPPER_CODES: Record<string, string> = { acme: 'A8V27F', globex: 'G10X52' }
const CONTAINER_PREFIX: Record<string, string> = { MAEU: 'MAEU', MSCU: 'MSCU', CMDU: 'CMAU' }
const ALNUM = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'

export function trackingNumber(rng: Rng, carrier: CarrierRef, slug: string): string {
	switch (carrier.format) {
		case 'ups':
			return `1Z${UPS_SHIPPER_CODES[slug] ?? 'W12E76'}${pick(rng, ['03', '02', '01'])}${digits(rng, 8)}`
		case 'fedex':
			return `7${digits(rng, 11)}`
		case 'usps':
			return `9405${digits(rng, 18)}`
		case 'pro':
			return `0${digits(rng, 10)}`
		case 'dhl':
			return `${pick(rng, ['3', '4', '5'])}${digits(rng, 9)}`
		case 'awb':
			return `020-${digits(rng, 8)}`
		case 'container':
			return `${CONTAINER_PREFIX[carrier.code] ?? 'CONU'}${pick(rng, ['1', '2', '3', '4', '5', '6', '7', '8'])}${digits(rng, 6)}`
	}
}

export const palletNumber = (rng: Rng) => `PLT-${chars(rng, ALNUM, 6)}`
export const cartonNumber = (rng: Rng) => `CTN-${chars(rng, ALNUM, 8)}`
export const sealNumber = (rng: Rng) => `SL${digits(rng, 7)}`

const DRIVER_NAMES = [
	'Luis Ortega',
	'Hannah Becker',
	'Marcus Reed',
	'Aiko Tanaka',
	'Priya Nair',
	'Tomás Silva',
	'Grace Okafor',
	'Jonas Lindqvist',
]

export const driverName = (rng: Rng) => pick(rng, DRIVER_NAMES)
export const licensePlate = (rng: Rng) =>
	`${chars(rng, 'ABCDEFGHJKLMNPRSTUVWXYZ', 3)}-${digits(rng, 4)}`
export const phoneNumber = (rng: Rng) => `+1 502 555 ${digits(rng, 4)}`
