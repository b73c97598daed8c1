/** Static reference data for the seed: places, carriers and the names of lists. */

export interface City {
	city: string
	state: string
	country: string
	postalCode: string
	latitude: number
	longitude: number
	timezone: string
}

const c = (
	city: string,
	state: string,
	country: string,
	postalCode: string,
	latitude: number,
	longitude: number,
	timezone: string,
): City => ({ city, state, country, postalCode, latitude, longitude, timezone })

/** Cities used for customers, DCs and factories (several countries). */
export const CITIES = {
	fremont: c('Fremont', 'CA', 'US', '94538', 37.5485, -121.9886, 'America/Los_Angeles'),
	louisville: c(
		'Louisville',
		'KY',
		'US',
		'40209',
		38.1744,
		-85.7364,
		'America/Kentucky/Louisville',
	),
	memphis: c('Memphis', 'TN', 'US', '38118', 35.0424, -89.9767, 'America/Chicago'),
	chicago: c('Chicago', 'IL', 'US', '60607', 41.8757, -87.6514, 'America/Chicago'),
	newYork: c('New York', 'NY', 'US', '10001', 40.7506, -73.9972, 'America/New_York'),
	boston: c('Boston', 'MA', 'US', '02110', 42.3572, -71.0533, 'America/New_York'),
	atlanta: c('Atlanta', 'GA', 'US', '30303', 33.7525, -84.3915, 'America/New_York'),
	dallas: c('Dallas', 'TX', 'US', '75201', 32.7876, -96.7994, 'America/Chicago'),
	denver: c('Denver', 'CO', 'US', '80202', 39.7527, -104.9993, 'America/Denver'),
	seattle: c('Seattle', 'WA', 'US', '98104', 47.6027, -122.3321, 'America/Los_Angeles'),
	phoenix: c('Phoenix', 'AZ', 'US', '85004', 33.4515, -112.0685, 'America/Phoenix'),
	columbus: c('Columbus', 'OH', 'US', '43215', 39.9653, -83.0061, 'America/New_York'),
	reno: c('Reno', 'NV', 'US', '89502', 39.5118, -119.7716, 'America/Los_Angeles'),
	toronto: c('Toronto', 'ON', 'CA', 'M5V 2T6', 43.6426, -79.3871, 'America/Toronto'),
	vancouver: c('Vancouver', 'BC', 'CA', 'V6B 1A1', 49.2778, -123.1089, 'America/Vancouver'),
	mexicoCity: c('Mexico City', 'CMX', 'MX', '06600', 19.427, -99.1677, 'America/Mexico_City'),
	guadalajara: c('Guadalajara', 'JAL', 'MX', '44100', 20.6736, -103.344, 'America/Mexico_City'),
	saoPaulo: c('São Paulo', 'SP', 'BR', '01310-100', -23.5614, -46.6559, 'America/Sao_Paulo'),
	london: c('London', 'England', 'GB', 'EC2A 4BX', 51.5237, -0.0823, 'Europe/London'),
	manchester: c('Manchester', 'England', 'GB', 'M1 1AD', 53.4794, -2.2453, 'Europe/London'),
	paris: c('Paris', 'Île-de-France', 'FR', '75002', 48.8679, 2.3426, 'Europe/Paris'),
	berlin: c('Berlin', 'Berlin', 'DE', '10117', 52.5163, 13.3777, 'Europe/Berlin'),
	munich: c('Munich', 'Bavaria', 'DE', '80331', 48.1374, 11.5755, 'Europe/Berlin'),
	venlo: c('Venlo', 'Limburg', 'NL', '5928 PN', 51.3704, 6.1724, 'Europe/Amsterdam'),
	rotterdam: c('Rotterdam', 'South Holland', 'NL', '3011 AA', 51.9225, 4.4792, 'Europe/Amsterdam'),
	madrid: c('Madrid', 'Madrid', 'ES', '28013', 40.4203, -3.7058, 'Europe/Madrid'),
	tokyo: c('Tokyo', 'Tokyo', 'JP', '100-0005', 35.6812, 139.7671, 'Asia/Tokyo'),
	singapore: c('Singapore', 'Singapore', 'SG', '018956', 1.2789, 103.8536, 'Asia/Singapore'),
	sydney: c('Sydney', 'NSW', 'AU', '2000', -33.8688, 151.2093, 'Australia/Sydney'),
	bengaluru: c('Bengaluru', 'KA', 'IN', '560001', 12.9716, 77.5946, 'Asia/Kolkata'),
	shenzhen: c('Shenzhen', 'Guangdong', 'CN', '518000', 22.5431, 114.0579, 'Asia/Shanghai'),
	ningbo: c('Ningbo', 'Zhejiang', 'CN', '315000', 29.8683, 121.544, 'Asia/Shanghai'),
	penang: c('Bayan Lepas', 'Penang', 'MY', '11900', 5.2946, 100.2594, 'Asia/Kuala_Lumpur'),
	hoChiMinh: c(
		'Ho Chi Minh City',
		'Ho Chi Minh',
		'VN',
		'700000',
		10.7769,
		106.7009,
		'Asia/Ho_Chi_Minh',
	),
	dhaka: c('Dhaka', 'Dhaka', 'BD', '1212', 23.7925, 90.4078, 'Asia/Dhaka'),
} as const

export type CityKey = keyof typeof CITIES

export interface SiteSeed {
	key: string
	name: string
	street1: string
	city: CityKey
	kind: 'factory' | 'dc' | 'hub' | 'customer'
}

export interface CarrierSeed {
	name: string
	code: string
	description: string
	/** conveyance_types.code: Ground 0, Air 1, Ocean 2. */
	conveyance: 0 | 1 | 2
	scac: string | null
	/** How its tracking numbers look (see trackingNumber in order-builder.ts). */
	format: 'ups' | 'fedex' | 'usps' | 'pro' | 'dhl' | 'awb' | 'container'
	serviceLevel: string
}

export const CARRIERS: readonly CarrierSeed[] = [
	{
		name: 'UPS',
		code: 'UPS',
		description: 'UPS Ground',
		conveyance: 0,
		scac: 'UPSN',
		format: 'ups',
		serviceLevel: 'Ground',
	},
	{
		name: 'FedEx',
		code: 'FDXG',
		description: 'FedEx Ground',
		conveyance: 0,
		scac: 'FDEG',
		format: 'fedex',
		serviceLevel: 'Ground',
	},
	{
		name: 'USPS',
		code: 'USPS',
		description: 'USPS Priority Mail',
		conveyance: 0,
		scac: 'USPS',
		format: 'usps',
		serviceLevel: 'Priority Mail',
	},
	{
		name: 'Old Dominion',
		code: 'ODFL',
		description: 'Old Dominion LTL',
		conveyance: 0,
		scac: 'ODFL',
		format: 'pro',
		serviceLevel: 'LTL Standard',
	},
	{
		name: 'DHL Express',
		code: 'DHLX',
		description: 'DHL Express Worldwide',
		conveyance: 1,
		scac: 'DHLC',
		format: 'dhl',
		serviceLevel: 'Express Worldwide',
	},
	{
		name: 'FedEx Express',
		code: 'FDXE',
		description: 'FedEx International Priority',
		conveyance: 1,
		scac: 'FDXE',
		format: 'fedex',
		serviceLevel: 'International Priority',
	},
	{
		name: 'Lufthansa Cargo',
		code: 'LHC',
		description: 'Lufthansa Cargo td.Pro',
		conveyance: 1,
		scac: null,
		format: 'awb',
		serviceLevel: 'td.Pro',
	},
	{
		name: 'Maersk',
		code: 'MAEU',
		description: 'Maersk Line FCL',
		conveyance: 2,
		scac: 'MAEU',
		format: 'container',
		serviceLevel: 'FCL',
	},
	{
		name: 'MSC',
		code: 'MSCU',
		description: 'MSC FCL',
		conveyance: 2,
		scac: 'MSCU',
		format: 'container',
		serviceLevel: 'FCL',
	},
	{
		name: 'CMA CGM',
		code: 'CMDU',
		description: 'CMA CGM LCL',
		conveyance: 2,
		scac: 'CMDU',
		format: 'container',
		serviceLevel: 'LCL',
	},
]

/**
 * The freight-cost report's story (docs/demo-data.md): this ocean carrier charges a third more
 * than the others and is delayed more than twice as often (order-plan.ts, order-extras.ts).
 */
export const COSTLY_CARRIER_CODE = 'CMDU'
export const COSTLY_CARRIER_MARKUP = 1.35

/**
 * …and the lane from a factory in China to the supply chain's first DC got dearer: up to 60 % more
 * over the last 120 days before the seed day, rising evenly.
 */
export const DEARER_LANE = { fromCountry: 'CN', riseDays: 120, rise: 0.6 } as const

/** Final-mile carriers (ground, parcel). */
export const FINAL_MILE_CARRIERS = ['UPS', 'FedEx', 'USPS'] as const

export const CONVEYANCE_TYPES = [
	{ code: 0, name: 'Ground' },
	{ code: 1, name: 'Air' },
	{ code: 2, name: 'Ocean' },
] as const

export const MEASUREMENT_TYPES = [
	{ code: 'humidity', name: 'Humidity', uomCode: 'percent', displayName: '%' },
	{ code: 'light', name: 'Light', uomCode: 'lux', displayName: 'lux' },
	{ code: 'pressure', name: 'Pressure', uomCode: 'pascal', displayName: 'Pa' },
	{ code: 'shock', name: 'Shock', uomCode: 'mg', displayName: 'mg' },
	{ code: 'temperature', name: 'Temperature', uomCode: 'degrees_celsius', displayName: '°C' },
	{ code: 'tilt', name: 'Tilt', uomCode: 'degrees', displayName: '°' },
] as const

export type SensorCode = (typeof MEASUREMENT_TYPES)[number]['code']

export const STATUS_TYPES = [
	{ code: 1, name: 'Transit' },
	{ code: 2, name: 'Delivered' },
	{ code: 3, name: 'Exception' },
	{ code: 4, name: 'Information' },
] as const

/** Substatus types of status type 3 (Exception): the Issues Log's issue types. */
export const ISSUE_TYPES = [
	{ code: 'WEATHER_DELAY', name: 'Weather Delay' },
	{ code: 'CARRIER_DELAY', name: 'Carrier Delay' },
	{ code: 'ADDRESS_ISSUE', name: 'Address Issue' },
	{ code: 'CUSTOMS_HOLD', name: 'Customs Hold' },
	{ code: 'DAMAGED', name: 'Damaged' },
	{ code: 'MISSED_APPOINTMENT', name: 'Missed Appointment' },
] as const

export type IssueCode = (typeof ISSUE_TYPES)[number]['code']

export const DOCUMENT_TYPES = [
	{ code: 'COMMERCIAL_INVOICE', name: 'Commercial Invoice' },
	{ code: 'PACKING_LIST', name: 'Packing List' },
	{ code: 'BILL_OF_LADING', name: 'Bill of Lading' },
	{ code: 'CERTIFICATE_OF_ORIGIN', name: 'Certificate of Origin' },
	{ code: 'PROOF_OF_DELIVERY', name: 'Proof of Delivery' },
	{ code: 'OTHERS', name: 'Others' },
] as const

export const ORDER_TYPES = ['Standard', 'Expedited', 'Replenishment', 'Return', 'Sample'] as const

export const CUSTOM_ATTRIBUTE_TYPES = [
	{ key: 'incoterms', name: 'Incoterms', objectType: 'ship_set', dataType: 'string' },
	{ key: 'poLine', name: 'Customer PO Line', objectType: 'ship_set', dataType: 'string' },
	{ key: 'priority', name: 'Priority', objectType: 'ship_set', dataType: 'integer' },
	{
		key: 'requestedShipDate',
		name: 'Requested Ship Date',
		objectType: 'ship_set',
		dataType: 'datetime',
	},
	{ key: 'productLines', name: 'Product Lines', objectType: 'ship_set', dataType: 'string_array' },
	{ key: 'contractDate', name: 'Contract Date', objectType: 'ship_set', dataType: 'date' },
	{ key: 'sealNumber', name: 'Seal Number', objectType: 'shipment', dataType: 'string' },
	{ key: 'containerSize', name: 'Container Size', objectType: 'shipment', dataType: 'string' },
] as const

export type CustomAttributeKey = (typeof CUSTOM_ATTRIBUTE_TYPES)[number]['key']
