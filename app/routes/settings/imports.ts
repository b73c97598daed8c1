import { z } from 'zod'
import { IMPORT_MAX_BYTES } from '#contracts/ingest/imports'

/** The Import screen's rules ("CSV import for people"), pure. */

export const IMPORT_FORM_BYTES = IMPORT_MAX_BYTES + 64 * 1024

export const ImportFormSchema = z.object({
	file: z
		.instanceof(File, { error: 'Choose a CSV file' })
		.refine((f) => f.size > 0 && f.name !== '', 'Choose a CSV file')
		.refine(
			(f) => f.size <= IMPORT_MAX_BYTES,
			`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
		),
})

const plural = (n: number, one: string) =>
	`${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`

/** What an import did or will do, in one line: "3 rows imported, 1 row refused". */
export function importSummary(r: {
	status: 'previewed' | 'imported'
	goodRows: number
	badRows: number
	importedRows: number | null
}): string {
	if (r.status === 'imported')
		return `${plural(r.importedRows ?? 0, 'row')} imported, ${plural(r.badRows, 'row')} refused`
	return `${plural(r.goodRows, 'good row')} ready to import, ${plural(r.badRows, 'bad row')}`
}

export const KIND_LABELS = { orders: 'Orders and shipments', events: 'Events' } as const
