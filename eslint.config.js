import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/**
 * The web app's layout (docs/decisions/0035): one folder per screen under app/routes/, shared code in
 * app/components (the kit in components/ui), app/lib (pure) and app/services (server modules).
 */
const APP_IMPORTS = [
	{
		regex: '^\\.\\.?/(.*/)?server(/|$)',
		message:
			'The web app takes from server/ only contracts, route descriptors and server/shared, through #contracts/*, #api/* and #shared/* (package.json "imports"), never by a relative path; its data comes through the SCM API client.',
	},
	{
		group: ['~/routes/**', './routes/**', '../routes/**', '**/../routes/**'],
		message: 'Routes never import other routes: a screen imports its own folder relatively.',
	},
	{
		group: ['**/route', '**/layout', '**/index', '**/*-route', '**/*-download'],
		allowTypeImports: true,
		message: 'A route module is imported by app/routes.ts only (its loader type may be imported).',
	},
]
const LEAVES_SCREEN = (
	regex,
	message = 'A screen folder imports only itself: other screens never, shared code through ~/components, ~/lib or ~/services.',
) => ({
	regex,
	message,
})

/** server/ never imports from app/: the tiers meet at the API's Request and Response only. */
const noApp = {
	group: ['**/app/**', '~/*'],
	message: 'server/ never imports from app/ (docs/decisions/0033).',
}

/**
 * A capability's queries (`*.queries.ts`) are its own: imported from its folder only (its routes, its
 * other queries), never from another folder of server/ but the `allowed` specifiers.
 */
const othersQueries = (...allowed) => ({
	regex: `^${allowed.map((a) => `(?!${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$)`).join('')}\\.\\./.*\\.queries$`,
	message:
		"A capability's queries are imported by its own folder only (its routes and queries; tests, benches and the seed aside).",
})

export default tseslint.config(
	{
		ignores: [
			'build/',
			'node_modules/',
			'.react-router/',
			'data/',
			'test-results/',
			'playwright-report/',
			'.tmp/',
			'server/db/migrations/',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		languageOptions: { globals: { ...globals.node, ...globals.browser } },
		rules: {
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
			],
			'no-restricted-properties': [
				'error',
				{
					object: 'process',
					property: 'env',
					message: 'Read configuration through server/config.ts.',
				},
			],
		},
	},
	{
		files: ['app/**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks },
		rules: {
			'react-hooks/rules-of-hooks': 'error',
			'react-hooks/exhaustive-deps': 'warn',
			'no-restricted-imports': ['error', { patterns: APP_IMPORTS }],
		},
	},
	// A screen folder (app/routes/<screen>/, any depth) imports only itself, relatively; everything else it
	// reaches through ~/components, ~/lib, ~/services. A route module alone in app/routes/ imports no sibling.
	{
		files: ['app/routes/*.{ts,tsx}'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						...APP_IMPORTS,
						LEAVES_SCREEN(
							'^\\./(?!\\+types/)',
							'A route module alone in app/routes/ is its own screen: it imports no sibling.',
						),
					],
				},
			],
		},
	},
	...[1, 2, 3, 4].map((depth) => ({
		files: [`app/routes/${'*/'.repeat(depth)}*.{ts,tsx}`],
		ignores: ['**/*.test.{ts,tsx}'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ patterns: [...APP_IMPORTS, LEAVES_SCREEN(`^(\\.\\./){${depth}}`)] },
			],
		},
	})),
	{
		// app/lib is pure and client-safe: no component, no service, no .server module.
		files: ['app/lib/**/*.{ts,tsx}'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						...APP_IMPORTS,
						{
							regex: '(^~/|^(\\.\\./)+)(components|services)/|\\.server$',
							message:
								'app/lib is pure and client-safe: it imports no component, no service and no .server module.',
						},
					],
				},
			],
		},
	},
	{
		// Loaders and server modules live with their screen (app/routes/<screen>/) or in app/services/, never here.
		files: ['app/components/**/*.server.{ts,tsx}', 'app/lib/**/*.server.{ts,tsx}'],
		rules: {
			'no-restricted-syntax': [
				'error',
				{
					selector: 'Program',
					message:
						'No .server module in app/components or app/lib: a loader lives with its screen, a server module in app/services/.',
				},
			],
		},
	},
	// The server's layout (docs/decisions/0036): one folder per capability; server/api/ is the API's shell.
	{
		files: ['server/**/*.ts', 'server.ts'],
		rules: { 'no-restricted-imports': ['error', { patterns: [noApp, othersQueries()] }] },
	},
	{
		// Reads made of another capability's: the timeline's one statement (and the guest link's, which
		// reads the same order) carries a page of comments, shaped as GET …/comments shapes them; the
		// guest's restricted view lists and serves the order's files, and reads one node as the
		// signed-in node call does.
		files: ['server/timeline/timeline.queries.ts', 'server/sharing/guest.queries.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ patterns: [noApp, othersQueries('../comments/comments.queries')] },
			],
		},
	},
	{
		// The advanced search form's lists in one answer: the reference lists, read as their own routes read them.
		files: ['server/search/search.routes.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						noApp,
						othersQueries('../reference/reference.queries', '../reference/locations.queries'),
					],
				},
			],
		},
	},
	{
		files: ['server/sharing/guest.routes.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [noApp, othersQueries('../files/files.queries', '../timeline/details.queries')],
				},
			],
		},
	},
	{
		// Ingestion, the sensors and news out do their work without the API: only their routes are HTTP.
		files: ['server/ingest/**/*.ts', 'server/sensors/**/*.ts', 'server/news-out/**/*.ts'],
		ignores: ['**/*.routes.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						noApp,
						othersQueries(),
						{
							regex: '^(\\.\\./)+api(/|$)',
							message:
								'Ingestion, the sensors and news out import no API code (server/api/); their errors are server/errors.ts.',
						},
					],
				},
			],
		},
	},
	{
		// What the web app imports too: nothing of the server.
		files: ['server/shared/**/*.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						noApp,
						{
							regex: '^\\.\\./',
							message: 'server/shared/ imports only server/shared/ (the web app imports it).',
						},
					],
				},
			],
		},
	},
	{
		// Tests and the seed may read a capability's queries.
		files: ['server/**/*.test.ts', 'server/db/seed/**/*.ts'],
		rules: { 'no-restricted-imports': ['error', { patterns: [noApp] }] },
	},
	{
		// Entry points, CLIs, tooling and tests may read the environment.
		files: [
			'server/config.ts',
			'scripts/**',
			'tests/**',
			'bench/**',
			'*.config.ts',
			'app/entry.server.tsx',
		],
		rules: { 'no-restricted-properties': 'off' },
	},
)
