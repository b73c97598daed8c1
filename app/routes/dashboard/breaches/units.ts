/** The unit labels of both breach screens (one map: the ongoing and the historical screens once wrote their own). */

/** "Unit labels: percent %, degrees_celsius °C, lux, mg, pascal Pa; 'degrees' is also a unit code." (tilt, in °) */
const UNIT_LABELS: Readonly<Record<string, string>> = {
	percent: '%',
	degrees_celsius: '°C',
	lux: 'lux',
	mg: 'mg',
	pascal: 'Pa',
	degrees: '°',
}

/** The label of a unit code; an unknown code reads as it is. */
export function unitLabel(uomCode: string | null | undefined): string {
	return UNIT_LABELS[uomCode ?? ''] ?? uomCode ?? ''
}
