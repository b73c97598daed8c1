import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'

/**
 * What a start checks before it touches the database, so that a setup it cannot run on
 * ends with one line saying what to change (and exit code 1), never a stack trace after
 * the migrations ran.
 */

/**
 * Whether this start writes to the data folder: PGlite's files (no DATABASE_URL), uploads (no
 * S3) or secrets generated on a first start. A deployment on PostgreSQL and S3 whose secrets are
 * already there may mount the folder read-only.
 */
export function writesToDataDir(config: {
	DATABASE_URL?: string
	S3_BUCKET?: string
	dataDir: string
}): boolean {
	// On PostgreSQL the secrets live in the database (server/secrets.ts loadSharedSecrets).
	return !config.DATABASE_URL || !config.S3_BUCKET
}

/**
 * Files on a shared database ("with DATABASE_URL and local file storage the server
 * warns, and refuses when more than one process is declared"). Uploads in `DATA_DIR/uploads`
 * are seen only by the process whose disk it is, so with several processes a file one stored
 * would be missing on the others. WAYMARK_PROCESSES declares how many processes share the
 * database; SHARED_UPLOADS=on says the folder is one volume all of them mount.
 */
export function storageProblem(config: {
	DATABASE_URL?: string
	S3_BUCKET?: string
	WAYMARK_PROCESSES: number
	SHARED_UPLOADS: boolean
	dataDir: string
}): { refuse: string } | { warn: string } | null {
	if (!config.DATABASE_URL || config.S3_BUCKET || config.SHARED_UPLOADS) return null
	const folder = path.join(config.dataDir, 'uploads')
	if (config.WAYMARK_PROCESSES > 1) {
		return {
			refuse: `WAYMARK_PROCESSES=${config.WAYMARK_PROCESSES} processes share DATABASE_URL but files go to this machine's ${folder}, which the others cannot read. Set S3_BUCKET (with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY), or SHARED_UPLOADS=on when that folder is one volume every process mounts.`,
		}
	}
	return {
		warn: `files go to ${folder} on this machine while the database is shared (DATABASE_URL): run one process, or set S3_BUCKET before adding a second (see docs/deploy.md).`,
	}
}

/** Why the data folder cannot hold our files (secrets, PGlite, uploads), or null when it can. */
export function dataDirProblem(dataDir: string): string | null {
	const probe = path.join(dataDir, `.write-check-${process.pid}`)
	try {
		mkdirSync(dataDir, { recursive: true })
		writeFileSync(probe, '')
		rmSync(probe)
		return null
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code ?? 'error'
		return `the data folder ${dataDir} is not writable (${code}). Make it writable, or set DATA_DIR to a folder that is.`
	}
}

/** Why the port cannot be listened on, in words, from the error `listen` gave. */
export function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): string {
	if (error.code === 'EADDRINUSE')
		return `port ${port} is already in use on ${host}. Stop the program using it, or set PORT to another port.`
	if (error.code === 'EACCES')
		return `port ${port} needs privileges this user lacks. Set PORT to a port above 1023.`
	if (error.code === 'EADDRNOTAVAIL')
		return `${host} is not an address of this machine. Set HOST to one that is.`
	return `cannot listen on ${host}:${port} (${error.code ?? error.message}).`
}

/** Listens, or rejects with `listenProblem`'s words. */
export function listen(server: Server, port: number, host: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const failed = (error: NodeJS.ErrnoException) =>
			reject(new Error(listenProblem(error, host, port)))
		server.once('error', failed)
		server.listen(port, host, () => {
			server.off('error', failed)
			resolve()
		})
	})
}
