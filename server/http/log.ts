/** Structured logs: one JSON object a line on stdout (errors on stderr). */
type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

export function createLogger(level: Level | 'silent') {
	const write = (l: Level, msg: string, fields: Record<string, unknown> = {}) => {
		if (order[l] < order[level]) return
		const line = JSON.stringify({ time: new Date().toISOString(), level: l, msg, ...fields })
		if (l === 'error' || l === 'warn') process.stderr.write(line + '\n')
		else process.stdout.write(line + '\n')
	}
	return {
		debug: (msg: string, f?: Record<string, unknown>) => write('debug', msg, f),
		info: (msg: string, f?: Record<string, unknown>) => write('info', msg, f),
		warn: (msg: string, f?: Record<string, unknown>) => write('warn', msg, f),
		error: (msg: string, f?: Record<string, unknown>) => write('error', msg, f),
	}
}
export type Logger = ReturnType<typeof createLogger>
