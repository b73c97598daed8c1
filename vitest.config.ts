import { defineConfig } from 'vitest/config'

const alias = { '~': new URL('./app', import.meta.url).pathname }

export default defineConfig({
	resolve: { alias },
	test: {
		projects: [
			{
				resolve: { alias },
				test: {
					name: 'unit',
					include: [
						'app/**/*.test.{ts,tsx}',
						'server/**/*.test.ts',
						'tests/unit/**/*.test.{ts,tsx}',
					],
					environment: 'node',
					setupFiles: ['tests/setup/fail-on-console-error.ts'],
				},
			},
			{
				resolve: { alias },
				test: {
					name: 'api',
					include: ['tests/api/**/*.test.ts'],
					environment: 'node',
					setupFiles: ['tests/setup/fail-on-console-error.ts'],
					testTimeout: 60_000,
					hookTimeout: 120_000,
				},
			},
		],
	},
})
