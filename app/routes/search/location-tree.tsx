import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { EmptyState } from '~/components/ui/empty-state'
import { checkState, toggleNode, visibleIds, type TreeNode } from './location-selection'
import type { LocationCountry } from '#contracts/reference/reference'

/**
 * A country → state → city tree of checkboxes (000 §2 "location tree, multi"). Native
 * controls inside a <details>, so it works without JavaScript; each checkbox sends the
 * tree id of its level (country:US, state:US/TX, city:US/TX/Austin).
 *
 * Once JavaScript runs it is tri-state (WAI-ARIA Authoring Practices, "mixed-state checkbox"):
 * ticking a place ticks everything in it, a place with only some of its contents ticked shows as
 * mixed, and a text box filters the tree by name. The form then sends the smallest set of ids
 * that says the same (location-selection.ts), as a user ticking by hand would.
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
	const hydrated = useHydrated()
	const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(selected))
	const [query, setQuery] = useState('')
	const shown = hydrated ? visibleIds(tree, query) : null
	const count = hydrated ? chosen.size : selected.length

	const box = (node: TreeNode) => {
		if (!hydrated) {
			return (
				<label>
					<input
						type="checkbox"
						name={name}
						value={node.id}
						defaultChecked={selected.includes(node.id)}
					/>{' '}
					{node.name}
				</label>
			)
		}
		const state = checkState(tree, chosen, node.id)
		return (
			<label>
				<input
					type="checkbox"
					name={chosen.has(node.id) ? name : undefined}
					value={node.id}
					checked={state === 'checked'}
					ref={(input) => {
						if (input) input.indeterminate = state === 'mixed'
					}}
					onChange={() => setChosen(toggleNode(tree, chosen, node.id))}
				/>{' '}
				{node.name}
			</label>
		)
	}
	const hidden = (id: string) => (shown !== null && !shown.has(id) ? true : undefined)

	return (
		<fieldset className="search-tree">
			<legend>{legend}</legend>
			<details open={selected.length > 0}>
				<summary>{count ? `${count} selected` : 'Choose locations'}</summary>
				{tree.length === 0 ? (
					<EmptyState>No locations.</EmptyState>
				) : (
					<>
						{hydrated ? (
							<input
								type="search"
								className="search-tree__filter"
								aria-label={`Filter ${legend} locations`}
								placeholder="Filter locations…"
								autoComplete="off"
								value={query}
								onChange={(e) => setQuery(e.target.value)}
								// Enter in the filter filters; it does not send the search form.
								onKeyDown={(e) => {
									if (e.key === 'Enter') e.preventDefault()
								}}
							/>
						) : null}
						<ul>
							{tree.map((country) => (
								<li key={country.id} hidden={hidden(country.id)}>
									{box(country)}
									<ul>
										{country.children.map((state) => (
											<li key={state.id} hidden={hidden(state.id)}>
												{box(state)}
												<ul>
													{state.children.map((city) => (
														<li key={city.id} hidden={hidden(city.id)}>
															{box(city)}
														</li>
													))}
												</ul>
											</li>
										))}
									</ul>
								</li>
							))}
						</ul>
						{shown?.size === 0 ? <EmptyState>No locations match.</EmptyState> : null}
					</>
				)}
			</details>
		</fieldset>
	)
}
