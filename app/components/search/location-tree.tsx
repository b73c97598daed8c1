import { EmptyState } from '~/components/ui/empty-state'
import type { LocationCountry } from '#contracts/reference'

/**
 * A country → state → city tree of checkboxes (000 §2 "location tree, multi"). Native
 * controls inside a <details>, so it works without JavaScript; each checkbox sends the
 * tree id of its level (country:US, state:US/TX, city:US/TX/Austin).
 */
export function LocationTree({
	name,
	legend,
	tree,
	selected,
}: {
	name: string
	legend: string
	tree: readonly LocationCountry[]
	selected: readonly string[]
}) {
	const box = (id: string, label: string) => (
		<label>
			<input type="checkbox" name={name} value={id} defaultChecked={selected.includes(id)} /> {label}
		</label>
	)
	return (
		<fieldset className="search-tree">
			<legend>{legend}</legend>
			<details open={selected.length > 0}>
				<summary>{selected.length ? `${selected.length} selected` : 'Choose locations'}</summary>
				{tree.length === 0 ? (
					<EmptyState>No locations.</EmptyState>
				) : (
					<ul>
						{tree.map((country) => (
							<li key={country.id}>
								{box(country.id, country.name)}
								<ul>
									{country.children.map((state) => (
										<li key={state.id}>
											{box(state.id, state.name)}
											<ul>
												{state.children.map((city) => (
													<li key={city.id}>{box(city.id, city.name)}</li>
												))}
											</ul>
										</li>
									))}
								</ul>
							</li>
						))}
					</ul>
				)}
			</details>
		</fieldset>
	)
}
