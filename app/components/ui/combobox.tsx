import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Icon } from './icon'
import type { ControlProps } from './field'
import { filterOptions, type Option } from './options'

/**
 * The multi-select once JavaScript runs (WAI-ARIA Authoring Practices, "Combobox" with a
 * multi-selectable listbox popup): a text box that filters the options as one types, the chosen
 * ones as removable chips before it.
 *
 * Keyboard: Down and Up open the list and move through it, Enter toggles the active option,
 * Escape closes the list (a second Escape clears the text), Backspace in an empty box removes the
 * last chip, and every chip's remove button is in the tab order.
 *
 * The value stays in the native `<select multiple>` it grew from (hidden), so the form posts
 * exactly what it posted without JavaScript, and a change is announced to the form by the
 * select's own input and change events.
 */
export function Combobox(
	props: Partial<ControlProps> & {
		name?: string
		/** The field's label, naming the chips and the options list. */
		label?: string
		options: Option[]
		defaultValue?: readonly string[]
		disabled?: boolean
	},
) {
	const { options, name, label, disabled, defaultValue } = props
	const fallbackId = useId()
	const id = props.id ?? fallbackId
	const listId = `${id}-listbox`
	const [selected, setSelected] = useState<string[]>(() => [...(defaultValue ?? [])])
	const [query, setQuery] = useState('')
	const [open, setOpen] = useState(false)
	const [active, setActive] = useState(0)
	const input = useRef<HTMLInputElement>(null)
	const select = useRef<HTMLSelectElement>(null)
	const changed = useRef(false)
	const shown = filterOptions(options, query)
	const activeOption = open ? shown[Math.min(active, shown.length - 1)] : undefined
	const labelOf = (value: string) => options.find((o) => o.value === value)?.label ?? value

	// Tell the form (its pristine state, Conform's validation) that the value changed.
	useEffect(() => {
		if (!changed.current || !select.current) return
		changed.current = false
		select.current.dispatchEvent(new Event('input', { bubbles: true }))
		select.current.dispatchEvent(new Event('change', { bubbles: true }))
	}, [selected])

	useEffect(() => {
		if (activeOption)
			document
				.getElementById(`${id}-option-${activeOption.value}`)
				?.scrollIntoView({ block: 'nearest' })
	}, [activeOption, id])

	const update = (next: string[]) => {
		changed.current = true
		setSelected(next)
	}
	const toggle = (value: string) =>
		update(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value])
	const remove = (value: string) => {
		update(selected.filter((v) => v !== value))
		input.current?.focus()
	}

	const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
		switch (event.key) {
			case 'ArrowDown':
				event.preventDefault()
				if (!open) setOpen(true)
				else setActive((i) => Math.min(i + 1, shown.length - 1))
				break
			case 'ArrowUp':
				event.preventDefault()
				if (!open) setOpen(true)
				else setActive((i) => Math.max(i - 1, 0))
				break
			case 'Home':
			case 'End':
				if (!open) break
				event.preventDefault()
				setActive(event.key === 'Home' ? 0 : shown.length - 1)
				break
			case 'Enter':
				// Enter chooses while the list is open; otherwise it submits the form as any text box does.
				if (!activeOption) break
				event.preventDefault()
				toggle(activeOption.value)
				break
			case 'Escape':
				if (open) setOpen(false)
				else setQuery('')
				event.preventDefault()
				break
			case 'Backspace':
				if (query === '' && selected.length) update(selected.slice(0, -1))
				break
		}
	}

	return (
		<div
			className={['ui-combobox', disabled ? 'ui-combobox--disabled' : ''].filter(Boolean).join(' ')}
		>
			<select
				ref={select}
				name={name}
				multiple
				hidden
				disabled={disabled}
				value={selected}
				onChange={() => undefined}
				tabIndex={-1}
			>
				{options.map((o) => (
					<option key={o.value} value={o.value}>
						{o.label}
					</option>
				))}
			</select>
			{selected.length ? (
				<ul className="ui-combobox__chips" aria-label={label ? `${label}: chosen` : 'Chosen'}>
					{selected.map((value) => (
						<li key={value} className="ui-chip">
							<span>{labelOf(value)}</span>
							<button
								type="button"
								className="ui-chip__remove"
								aria-label={`Remove ${labelOf(value)}`}
								disabled={disabled}
								onClick={() => remove(value)}
							>
								<Icon name="close" />
							</button>
						</li>
					))}
				</ul>
			) : null}
			<div className="ui-combobox__box">
				<input
					ref={input}
					id={id}
					type="text"
					role="combobox"
					autoComplete="off"
					aria-autocomplete="list"
					aria-expanded={open}
					aria-controls={listId}
					aria-activedescendant={activeOption ? `${id}-option-${activeOption.value}` : undefined}
					aria-describedby={props['aria-describedby']}
					aria-invalid={props['aria-invalid']}
					placeholder={selected.length ? '' : 'Type to filter…'}
					disabled={disabled}
					value={query}
					onChange={(e) => {
						setQuery(e.target.value)
						setActive(0)
						setOpen(true)
					}}
					onKeyDown={onKeyDown}
					onClick={() => setOpen(true)}
					onBlur={() => setOpen(false)}
				/>
				<Icon name="chevron-down" />
			</div>
			<ul
				id={listId}
				role="listbox"
				aria-multiselectable="true"
				aria-label={label ? `${label} options` : 'Options'}
				className="ui-combobox__list"
				hidden={!open}
			>
				{shown.map((o) => (
					<li
						key={o.value}
						id={`${id}-option-${o.value}`}
						role="option"
						aria-selected={selected.includes(o.value)}
						className={
							o === activeOption
								? 'ui-combobox__option ui-combobox__option--active'
								: 'ui-combobox__option'
						}
						// Keep the focus in the text box: a click chooses without blurring it.
						onMouseDown={(e) => e.preventDefault()}
						onClick={() => toggle(o.value)}
					>
						<Icon name="check" />
						{o.label}
					</li>
				))}
				{shown.length === 0 ? (
					<li
						role="option"
						aria-disabled="true"
						aria-selected={false}
						className="ui-combobox__none"
					>
						No matches
					</li>
				) : null}
			</ul>
		</div>
	)
}
