import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	plugins: [reactRouter()],
	resolve: {
		alias: { '~': new URL('./app', import.meta.url).pathname },
	},
	build: {
		target: 'es2022',
		// Small side-effect-free chunks are merged into others loaded under the same conditions:
		// the SO-1001 timeline and /tracking preload about half as many modules, and every page
		// renders that many fewer <link> tags (the JavaScript bytes hardly change;
		// docs/decisions/0029 §7).
		rollupOptions: { output: { experimentalMinChunkSize: 10_000 } },
	},
	server: { hmr: process.env.VITEST ? false : undefined },
})
