import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
	{
		ignores: ['build/', 'node_modules/', '.react-router/', 'data/', 'test-results/', 'playwright-report/', '.tmp/', 'server/db/migrations/'],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		languageOptions: { globals: { ...globals.node, ...globals.browser } },
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
			'no-restricted-properties': [
				'error',
				{ object: 'process', property: 'env', message: 'Read configuration through server/config.ts.' },
			],
		},
	},
	{
		files: ['app/**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks },
		rules: {
			'react-hooks/rules-of-hooks': 'error',
			'react-hooks/exhaustive-deps': 'warn',
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{ group: ['**/server/db/**', '**/server/api/**'], message: 'The web app reaches data only through the SCM API client.' },
						{ group: ['~/routes/**', './routes/**', '../routes/**'], message: 'Routes never import other routes: a screen imports its own folder relatively.' },
						{
							group: ['**/route', '**/layout'],
							allowTypeImports: true,
							message: 'A route module is imported by app/routes.ts only (its loader type may be imported).',
						},
					],
				},
			],
		},
	},
	{
		// The API and the server never reach into the web app: the tiers meet at the API's Request and Response only.
		files: ['server/**/*.ts', 'server.ts'],
		rules: {
			'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**', '~/*'], message: 'server/ never imports from app/ (docs/decisions/0033).' }] }],
		},
	},
	{
		// Entry points, CLIs, tooling and tests may read the environment.
		files: ['server/config.ts', 'scripts/**', 'tests/**', 'bench/**', '*.config.ts', 'app/entry.server.tsx'],
		rules: { 'no-restricted-properties': 'off' },
	},
)
