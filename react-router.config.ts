import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	appDirectory: 'app',
	buildDirectory: 'build',
	// Every route's manifest (a few KB gzipped) is one immutable asset the browser keeps,
	// not a partial manifest matched and written into every page (docs/decisions/0029 §14).
	routeDiscovery: { mode: 'initial' },
} satisfies Config
