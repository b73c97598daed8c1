import { fileTypeFromBuffer } from 'file-type'
import { extensionOf } from '../shared/file-rules'

/**
 * Is the file what its extension says? (002 §5 accepted extensions;
 * "the file's content is checked against its extension".) The bytes are sniffed
 * with file-type; an `.exe` renamed `.pdf` is found out here.
 *
 * Office formats are containers: .docx/.xlsx/.pptx are ZIP files (file-type names
 * the Office kind when it can, else "zip"), .doc/.xls/.ppt are OLE compound files
 * ("cfb"). .csv and .txt have no signature: they pass when nothing binary is found
 * (no detected type and no NUL byte in the first 8 KB).
 */
const EXPECTED: Record<string, { kinds: readonly string[]; mime: string }> = {
	'.pdf': { kinds: ['pdf'], mime: 'application/pdf' },
	'.zip': { kinds: ['zip'], mime: 'application/zip' },
	'.docx': {
		kinds: ['docx', 'zip'],
		mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	},
	'.xlsx': {
		kinds: ['xlsx', 'zip'],
		mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
	},
	'.pptx': {
		kinds: ['pptx', 'zip'],
		mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
	},
	'.doc': { kinds: ['cfb', 'doc'], mime: 'application/msword' },
	'.xls': { kinds: ['cfb', 'xls'], mime: 'application/vnd.ms-excel' },
	'.ppt': { kinds: ['cfb', 'ppt'], mime: 'application/vnd.ms-powerpoint' },
	'.csv': { kinds: [], mime: 'text/csv' },
	'.txt': { kinds: [], mime: 'text/plain' },
	'.jpg': { kinds: ['jpg'], mime: 'image/jpeg' },
	'.jpeg': { kinds: ['jpg'], mime: 'image/jpeg' },
	'.png': { kinds: ['png'], mime: 'image/png' },
	'.gif': { kinds: ['gif'], mime: 'image/gif' },
}

export type ContentCheck = { ok: true; contentType: string } | { ok: false; found: string | null }

export async function checkContent(fileName: string, bytes: Uint8Array): Promise<ContentCheck> {
	const expected = EXPECTED[extensionOf(fileName)]
	if (!expected) return { ok: false, found: null }
	const detected = await fileTypeFromBuffer(bytes)
	if (expected.kinds.length === 0) {
		// Text: no known signature and no NUL byte.
		const head = bytes.subarray(0, 8192)
		if (detected || head.includes(0)) return { ok: false, found: detected?.ext ?? null }
		return { ok: true, contentType: `${expected.mime}; charset=utf-8` }
	}
	if (detected && expected.kinds.includes(detected.ext))
		return { ok: true, contentType: expected.mime }
	return { ok: false, found: detected?.ext ?? null }
}
