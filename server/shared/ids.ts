/**
 * Row ids are UUIDs. One pattern for both tiers: the web app checks a URL's id before it calls
 * the API, and the API checks one before it reaches a query that would refuse it.
 */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
export const UUID = new RegExp(`^${UUID_SOURCE}$`, 'i')
