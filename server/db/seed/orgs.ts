import type { CityKey, SiteSeed } from './reference-data'

/** The two demo supply chains and the four demo people (see docs/demo-data.md). */

export const DEMO_PASSWORD = 'demo-password-1'

export interface OrgSeed {
	slug: 'acme' | 'globex'
	name: string
	alias: string
	supportEmail: string
	tags: readonly string[]
	/** Prefix of generated order names; never 'SO-10' (the named orders own that prefix). */
	generatedPrefix: string
	/** Prefix of generated reference numbers; never collides with PO-77xx / PO-78xx. */
	generatedReferencePrefix: string
	productLines: readonly string[]
	sites: readonly SiteSeed[]
}

const site = (
	key: string,
	name: string,
	street1: string,
	city: CityKey,
	kind: SiteSeed['kind'],
): SiteSeed => ({
	key,
	name,
	street1,
	city,
	kind,
})

export const ORGS: readonly OrgSeed[] = [
	{
		slug: 'acme',
		name: 'Acme Devices',
		alias: 'Acme',
		supportEmail: 'support@acme.test',
		tags: ['Cold Chain', 'Priority', 'Fragile', 'Customer Escalation', 'Hazmat', 'Q4 Launch'],
		generatedPrefix: 'SO-2',
		generatedReferencePrefix: 'PO-6',
		productLines: ['Sensors', 'Gateways', 'Medical Monitors', 'Batteries', 'Accessories'],
		sites: [
			site(
				'fremont-factory',
				'Acme Devices Fremont Factory',
				'48000 Kato Rd',
				'fremont',
				'factory',
			),
			site(
				'guadalajara-factory',
				'Acme Devices Guadalajara Plant',
				'Av. Vallarta 6503',
				'guadalajara',
				'factory',
			),
			site(
				'shenzhen-factory',
				'Acme Devices Shenzhen Works',
				'8 Gaoxin South 7th Rd',
				'shenzhen',
				'factory',
			),
			site(
				'penang-factory',
				'Acme Devices Penang Assembly',
				'2 Lorong Bayan Lepas 4',
				'penang',
				'factory',
			),
			site('louisville-dc', 'Acme Louisville DC', '1500 Outer Loop', 'louisville', 'dc'),
			site('memphis-dc', 'Acme Memphis DC', '3400 Tchulahoma Rd', 'memphis', 'dc'),
			site('venlo-dc', 'Acme Venlo European DC', 'Celsiusweg 30', 'venlo', 'dc'),
			site(
				'northwind',
				'Northwind Medical Supply',
				'1200 Industrial Pkwy',
				'louisville',
				'customer',
			),
			site('contoso-chicago', 'Contoso Health Chicago', '233 S Wacker Dr', 'chicago', 'customer'),
			site('fabrikam-ny', 'Fabrikam Labs New York', '350 W 31st St', 'newYork', 'customer'),
			site('tailspin-boston', 'Tailspin Biotech', '1 Seaport Ln', 'boston', 'customer'),
			site(
				'litware-atlanta',
				'Litware Clinics Atlanta',
				'191 Peachtree St NE',
				'atlanta',
				'customer',
			),
			site('adatum-dallas', 'Adatum Energy Dallas', '2100 Ross Ave', 'dallas', 'customer'),
			site(
				'proseware-denver',
				'Proseware Mountain Hospital',
				'1801 Wynkoop St',
				'denver',
				'customer',
			),
			site(
				'wingtip-seattle',
				'Wingtip Robotics Seattle',
				'401 Elliott Ave W',
				'seattle',
				'customer',
			),
			site('coho-phoenix', 'Coho Solar Phoenix', '2 N Central Ave', 'phoenix', 'customer'),
			site('woodgrove-toronto', 'Woodgrove Health Toronto', '100 King St W', 'toronto', 'customer'),
			site(
				'alpine-vancouver',
				'Alpine Instruments Vancouver',
				'1055 W Georgia St',
				'vancouver',
				'customer',
			),
			site(
				'lamna-mexico',
				'Lamna Hospitales CDMX',
				'Av. Insurgentes Sur 1602',
				'mexicoCity',
				'customer',
			),
			site(
				'relecloud-saopaulo',
				'Relecloud Saúde São Paulo',
				'Av. Paulista 1578',
				'saoPaulo',
				'customer',
			),
			site(
				'humongous-london',
				'Humongous Insurance Labs London',
				'30 Finsbury Sq',
				'london',
				'customer',
			),
			site(
				'margie-paris',
				"Margie's Travel Cliniques Paris",
				'12 Rue de la Paix',
				'paris',
				'customer',
			),
			site('trey-berlin', 'Trey Research Berlin', 'Unter den Linden 21', 'berlin', 'customer'),
			site('bellows-munich', 'Bellows College Klinikum', 'Marienplatz 8', 'munich', 'customer'),
			site(
				'vanarsdel-madrid',
				'VanArsdel Salud Madrid',
				'Calle de Alcalá 45',
				'madrid',
				'customer',
			),
			site(
				'blue-yonder-tokyo',
				'Blue Yonder Medical Tokyo',
				'1-9-1 Marunouchi',
				'tokyo',
				'customer',
			),
			site(
				'graphic-singapore',
				'Graphic Design Institute Singapore',
				'10 Collyer Quay',
				'singapore',
				'customer',
			),
			site(
				'fourth-coffee-sydney',
				'Fourth Coffee Health Sydney',
				'1 Macquarie Pl',
				'sydney',
				'customer',
			),
			site('datum-bengaluru', 'Datum Diagnostics Bengaluru', '26 MG Road', 'bengaluru', 'customer'),
		],
	},
	{
		slug: 'globex',
		name: 'Globex Retail',
		alias: 'Globex',
		supportEmail: 'support@globex.test',
		tags: ['Holiday Rush', 'Fragile', 'Promo', 'Store Opening', 'Oversize'],
		generatedPrefix: 'GX-',
		generatedReferencePrefix: 'GR-',
		productLines: ['Apparel', 'Home', 'Electronics', 'Toys', 'Garden'],
		sites: [
			site('ningbo-supplier', 'Globex Sourcing Ningbo', '188 Jiangnan Rd', 'ningbo', 'factory'),
			site('hcmc-supplier', 'Saigon Apparel Works', '12 Nguyen Hue', 'hoChiMinh', 'factory'),
			site('dhaka-supplier', 'Dhaka Knit Mills', 'Plot 5, Road 2, Gulshan', 'dhaka', 'factory'),
			site('columbus-dc', 'Globex Columbus DC', '3000 Alum Creek Dr', 'columbus', 'dc'),
			site('reno-dc', 'Globex Reno DC', '555 Double R Blvd', 'reno', 'dc'),
			site('rotterdam-dc', 'Globex Rotterdam DC', 'Waalhaven 10', 'rotterdam', 'dc'),
			site(
				'store-chicago',
				'Globex Store #101 Chicago',
				'835 N Michigan Ave',
				'chicago',
				'customer',
			),
			site('store-newyork', 'Globex Store #102 New York', '151 W 34th St', 'newYork', 'customer'),
			site(
				'store-atlanta',
				'Globex Store #103 Atlanta',
				'3393 Peachtree Rd',
				'atlanta',
				'customer',
			),
			site('store-dallas', 'Globex Store #104 Dallas', '8687 N Central Expy', 'dallas', 'customer'),
			site('store-denver', 'Globex Store #105 Denver', '3000 E 1st Ave', 'denver', 'customer'),
			site('store-seattle', 'Globex Store #106 Seattle', '400 Pine St', 'seattle', 'customer'),
			site(
				'store-phoenix',
				'Globex Store #107 Phoenix',
				'2502 E Camelback Rd',
				'phoenix',
				'customer',
			),
			site('store-boston', 'Globex Store #108 Boston', '800 Boylston St', 'boston', 'customer'),
			site('store-toronto', 'Globex Store #201 Toronto', '220 Yonge St', 'toronto', 'customer'),
			site(
				'store-vancouver',
				'Globex Store #202 Vancouver',
				'701 W Georgia St',
				'vancouver',
				'customer',
			),
			site('store-london', 'Globex Store #301 London', '400 Oxford St', 'london', 'customer'),
			site(
				'store-manchester',
				'Globex Store #302 Manchester',
				'Exchange Square',
				'manchester',
				'customer',
			),
			site('store-berlin', 'Globex Store #401 Berlin', 'Tauentzienstraße 21', 'berlin', 'customer'),
			site('store-paris', 'Globex Store #501 Paris', '40 Bd Haussmann', 'paris', 'customer'),
		],
	},
]

export interface UserSeed {
	email: string
	givenName: string | null
	familyName: string | null
	org: OrgSeed['slug']
	permissions: readonly string[]
	subscribedServices: readonly string[]
}

export const USERS: readonly UserSeed[] = [
	{
		email: 'olivia@acme.test',
		givenName: 'Olivia',
		familyName: null,
		org: 'acme',
		permissions: [
			'DASHBOARD.DEFAULT',
			'CORE.DEFAULT',
			'CORE.ANALYTICS',
			'TRACKER.DEFAULT',
			'AUTH.MANAGE_INVITATIONS',
			'CORE.UPDATE_SUPPLY_CHAIN_SETTINGS',
			'MULTIVIEW.SEARCH_ORDERS',
		],
		subscribedServices: ['CORE', 'DASHBOARD', 'TRACKER'],
	},
	{
		email: 'victor@acme.test',
		givenName: null,
		familyName: null,
		org: 'acme',
		permissions: ['CORE.DEFAULT'],
		subscribedServices: ['CORE'],
	},
	{
		email: 'nadia@acme.test',
		givenName: 'Nadia',
		familyName: null,
		org: 'acme',
		permissions: [],
		subscribedServices: [],
	},
	{
		email: 'gary@globex.test',
		givenName: 'Gary',
		familyName: null,
		org: 'globex',
		permissions: ['DASHBOARD.DEFAULT', 'CORE.DEFAULT', 'CORE.ANALYTICS', 'TRACKER.DEFAULT'],
		subscribedServices: ['CORE', 'DASHBOARD', 'TRACKER'],
	},
]
