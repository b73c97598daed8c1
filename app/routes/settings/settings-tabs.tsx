import { Tabs } from '~/components/ui/tabs'

/** The settings screens of data in: machine keys and CSV imports. */
export function SettingsTabs({ current }: { current: 'api-keys' | 'imports' }) {
	return (
		<Tabs
			label="Settings"
			items={[
				{ to: '/settings/api-keys', label: 'API keys', current: current === 'api-keys' },
				{ to: '/settings/imports', label: 'Import', current: current === 'imports' },
			]}
		/>
	)
}
