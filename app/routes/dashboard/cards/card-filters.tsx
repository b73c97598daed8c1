import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Form, useSubmit } from 'react-router'
import { Button } from '~/components/ui/button'
import { Skeleton } from '~/components/ui/skeleton'
import { EmptyState } from '~/components/ui/empty-state'
import { CARD_TEXTS, carriedParams, cardKey, LOADER_ROWS, type CardName } from './cards'

/**
 * A card's filters: a GET form of the parameters the card owns (its own prefix), carrying the
 * other cards' parameters as hidden fields. Without JavaScript 'Apply' loads the page with the
 * filters applied; with it every change applies at once and only the card reads again (the page's
 * `shouldRevalidate` and `useCard`). The fields show the URL's values: when the URL changes by
 * other means (Back, a link) the form is drawn again from it.
 */
export function CardFilters({
	card,
	search,
	label,
	children,
}: {
	card: CardName
	search: string
	label: string
	children: ReactNode
}) {
	const submit = useSubmit()
	const params = new URLSearchParams(search)
	const urlKey = cardKey(card, params)
	// The key the fields show; the form is drawn again when the URL's differs (not after its own submit).
	const shown = useRef(urlKey)
	const [generation, setGeneration] = useState(0)
	useEffect(() => {
		if (urlKey === shown.current) return
		shown.current = urlKey
		setGeneration((g) => g + 1)
	}, [urlKey])
	const remember = (form: HTMLFormElement) => {
		shown.current = cardKey(
			card,
			new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
		)
	}
	const onChange = (event: FormEvent<HTMLFormElement>) => {
		const target = event.target as HTMLElement
		// A choice made (a select, or the multi-select's own select); not the combobox's filter text.
		if (!(target instanceof HTMLSelectElement) || !target.name) return
		remember(event.currentTarget)
		submit(event.currentTarget, { preventScrollReset: true })
	}
	return (
		<Form
			key={generation}
			method="get"
			preventScrollReset
			className="card-filters"
			aria-label={label}
			onChange={onChange}
			onSubmit={(event) => remember(event.currentTarget)}
		>
			{carriedParams(card, params).map(([name, value], i) => (
				<input key={`${name}-${i}`} type="hidden" name={name} value={value} />
			))}
			{children}
			<Button
				type="submit"
				size="small"
				className="card-filters__apply"
				aria-label={`Apply ${label.toLowerCase()}`}
			>
				Apply
			</Button>
		</Form>
	)
}

/**
 * What a widget of a card shows for its read: 5 placeholder rows while it loads ("While loading, the
 * card-style lists show 5 placeholder rows", 001 §2), a message when it failed, else its content.
 */
export function CardState<T>({
	data,
	children,
}: {
	data: T | null | undefined
	children: (data: T) => ReactNode
}) {
	if (data === undefined) return <Skeleton label={CARD_TEXTS.loading} lines={LOADER_ROWS} />
	if (data === null) {
		return (
			<div role="alert">
				<EmptyState>{CARD_TEXTS.failed}</EmptyState>
			</div>
		)
	}
	return <>{children(data)}</>
}
