import { SettingsApi } from '#api/settings/settings'
import type { ScmCaller } from './client.server'

/** The supply chain's settings of data in: machine keys and CSV imports. */
export function settingsCalls({ call, stream }: ScmCaller) {
	return {
		apiKeys: () => call(SettingsApi.listKeys, {}),
		createApiKey: (name: string, scopes: ('orders:write' | 'events:write' | 'readings:write')[]) =>
			call(SettingsApi.createKey, { body: { name, scopes } }),
		revokeApiKey: (id: string) => call(SettingsApi.revokeKey, { params: { id } }),
		imports: () => call(SettingsApi.listImports, {}),
		createImport: (fileName: string, content: string) =>
			call(SettingsApi.createImport, { body: { file_name: fileName, content } }),
		import: (id: string) => call(SettingsApi.getImport, { params: { id } }),
		runImport: (id: string) => call(SettingsApi.runImport, { params: { id } }),
		/** The errors file, passed through. */
		importErrors: (id: string): Promise<Response> =>
			stream(SettingsApi.importErrors, { params: { id } }, 'text/csv'),
	}
}
