import { useId } from 'react'
import { TIMEFRAME_DAYS } from '#contracts/dashboard/widgets'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { timeframeLabel } from '../format'
import { WIDGETS, WITHOUT_UPDATES_LIMIT, WITHOUT_UPDATES_TOOLTIP } from './widget-page'
import {
	FilterForm,
	FilterSelect,
	OrderLine,
	useWidget,
	WidgetCard,
	WidgetFailed,
	WidgetPager,
} from './widget-kit'
import type { FilterLists, WidgetAnswer } from './widgets.server'

/**
 * Orders Without Updates (001 §2): in-transit orders without a new status update within the
 * timeframe (1, 2, 3, 7, 14 days; default 2), filtered by carrier description, order type and
 * issue type, 5 at a time (001 §9), with a tooltip that says so.
 */
export function WithoutUpdatesWidget({
	initial,
	lists,
}: {
	initial: WidgetAnswer<'without-updates'>
	lists: FilterLists
}) {
	const { answer, loading, search } = useWidget('without-updates', initial)
	const data = answer.result.data
	const state = data?.state
	return (
		<WidgetCard
			widget="without-updates"
			loading={loading}
			actions={<Tooltip text={WITHOUT_UPDATES_TOOLTIP} />}
		>
			<FilterForm widget="without-updates" label="Orders Without Updates filters">
				<FilterSelect
					name="quiet_before"
					label="Timeframe"
					value={state?.before ?? 2}
					options={TIMEFRAME_DAYS.map((d) => ({ value: String(d), label: timeframeLabel(d) }))}
				/>
				<FilterSelect
					name="quiet_carrier"
					label="Carrier description"
					value={state?.carrier ?? ''}
					any
					options={lists.carriers}
				/>
				<FilterSelect
					name="quiet_type"
					label="Order type"
					value={state?.orderType ?? ''}
					any
					options={lists.orderTypes}
				/>
				<FilterSelect
					name="quiet_issue"
					label="Issue type"
					value={state?.issueType ?? ''}
					any
					options={lists.issueTypes}
				/>
			</FilterForm>
			{!data ? (
				<WidgetFailed widget="without-updates" />
			) : data.orders.length === 0 ? (
				<EmptyState>{WIDGETS['without-updates'].empty}</EmptyState>
			) : (
				<>
					<ul className="dash-orders">
						{data.orders.map((order) => (
							<OrderLine key={order.shipSetId} order={order} />
						))}
					</ul>
					<WidgetPager
						label="Orders Without Updates pages"
						param="quiet_page"
						page={data.state.page}
						total={data.total}
						size={WITHOUT_UPDATES_LIMIT}
						loading={loading}
						search={search}
					/>
				</>
			)}
		</WidgetCard>
	)
}

/**
 * "A tooltip explains this" (001 §2): an info button whose description is the text, shown on
 * hover and on keyboard focus (CSS, so it works without JavaScript too).
 */
function Tooltip({ text }: { text: string }) {
	const id = useId()
	return (
		<span className="dash-tooltip">
			<button
				type="button"
				className="dash-tooltip__button"
				aria-describedby={id}
				aria-label="About Orders Without Updates"
			>
				<Icon name="info" />
			</button>
			<span role="tooltip" id={id} className="dash-tooltip__text">
				{text}
			</span>
		</span>
	)
}
