/**
 * "Responses are converted to camelCase keys and relationship records listed
 * under an 'included' section are merged into their records." (000 §7)
 */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
	? `${Head}${Capitalize<CamelCase<Tail>>}`
	: S

export type Camelize<T> = T extends readonly (infer U)[]
	? Camelize<U>[]
	: T extends Date
		? T
		: T extends object
			? { [K in keyof T as K extends string ? CamelCase<K> : K]: Camelize<T[K]> }
			: T

export function camelCaseKey(key: string): string {
	return key.indexOf('_') === -1
		? key
		: key.replace(/_+([a-z0-9])/gi, (_, ch: string) => ch.toUpperCase())
}

export function camelize<T>(value: T): Camelize<T> {
	if (Array.isArray(value)) return value.map((v) => camelize(v)) as Camelize<T>
	if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
		const out: Record<string, unknown> = {}
		for (const [k, v] of Object.entries(value)) out[camelCaseKey(k)] = camelize(v)
		return out as Camelize<T>
	}
	return value as Camelize<T>
}

type IncludedRecord = { id: string | number; type: string; [key: string]: unknown }

function isRef(value: unknown): value is { id: string | number; type: string } {
	return (
		!!value &&
		typeof value === 'object' &&
		'id' in value &&
		'type' in value &&
		typeof (value as { type: unknown }).type === 'string'
	)
}

/**
 * Merges each `{ type, id }` reference found in `body` with the record of the
 * same type and id in `body.included` (its `attributes`, when it has them, or
 * its own fields), then drops `included`. A reference with no included record
 * is left as it is.
 */
export function mergeIncluded<T>(body: T): T {
	if (!body || typeof body !== 'object' || !('included' in body)) return body
	const { included, ...rest } = body as { included?: unknown }
	if (!Array.isArray(included)) return rest as T
	const index = new Map<string, Record<string, unknown>>()
	for (const record of included as IncludedRecord[]) {
		if (!isRef(record)) continue
		const attributes =
			record.attributes && typeof record.attributes === 'object'
				? (record.attributes as Record<string, unknown>)
				: record
		index.set(`${record.type}:${record.id}`, { ...attributes, id: record.id, type: record.type })
	}
	const walk = (value: unknown, depth: number): unknown => {
		if (depth > 32) return value
		if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1))
		if (value && typeof value === 'object') {
			const merged = isRef(value) ? { ...index.get(`${value.type}:${value.id}`), ...value } : value
			const out: Record<string, unknown> = {}
			for (const [k, v] of Object.entries(merged)) out[k] = walk(v, depth + 1)
			return out
		}
		return value
	}
	return walk(rest, 0) as T
}
