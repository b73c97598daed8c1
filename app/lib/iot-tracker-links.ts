/**
 * Links into the IoT tracker application (IOT_TRACKER_URL). The API answers paths relative to it
 * ("server-supplied relative URLs … trackingGroupUrl to the sensor-tracker application", 001 §2);
 * the web app, which knows the address, joins them. No address configured: no link.
 */
export function trackerHref(base: string | null | undefined, relative: string): string | null {
	if (!base) return null
	return `${base.replace(/\/+$/, '')}/${relative.replace(/^\/+/, '')}`
}
