import { getFormProps, useForm } from '@conform-to/react'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/empty-state'
import { FieldErrors } from '~/components/ui/field'
import { UNFOLLOW_INTENT } from '../lists'
import { WIDGET_PAGE_SIZE } from '../format'
import { WIDGETS } from './widget-page'
import { useFormReply } from '~/lib/form-reply'
import {
	OrderLine,
	useWidget,
	WidgetCard,
	WidgetFailed,
	WidgetPager,
	type Order,
} from './widget-kit'
import type { WidgetAnswer } from './widgets.server'

/**
 * Following (001 §2 "Widget-page widgets"): 5 a page with 'Showing a-b of n' and 2 neighbouring
 * pages, an Unfollow button per row, disabled while the list loads or an Unfollow is under way
 * (001 §5); the post goes to the page's action, which redirects with the toast to the page that
 * still exists (001 §4).
 */
export function FollowingWidget({ initial }: { initial: WidgetAnswer<'following'> }) {
	const { answer, loading, search } = useWidget('following', initial)
	const navigation = useNavigation()
	const unfollowing = navigation.formData?.get('intent') === UNFOLLOW_INTENT
	const result = answer.result
	return (
		<WidgetCard widget="following" loading={loading || unfollowing}>
			{result.failed ? (
				<WidgetFailed widget="following" />
			) : result.data.orders.length === 0 ? (
				<EmptyState>{WIDGETS.following.empty}</EmptyState>
			) : (
				<>
					<ul className="dash-orders">
						{result.data.orders.map((order) => (
							<OrderLine
								key={order.shipSetId}
								order={order}
								action={<UnfollowForm order={order} disabled={loading || unfollowing} />}
							/>
						))}
					</ul>
					<WidgetPager
						label="Following pages"
						param="following_page"
						page={result.data.page}
						total={result.data.total}
						loading={loading}
						search={search}
					/>
				</>
			)}
		</WidgetCard>
	)
}

/** 'Unfollow' for one row; a refusal (no order named) shows under its button. */
function UnfollowForm({ order, disabled }: { order: Order; disabled: boolean }) {
	const reply = useFormReply(UNFOLLOW_INTENT)
	const mine = reply?.result.initialValue?.shipSetId === order.shipSetId ? reply.result : undefined
	const [form] = useForm({ id: `unfollow-${order.shipSetId}`, lastResult: mine })
	return (
		<Form method="post" preventScrollReset {...getFormProps(form)} className="dash-order__action">
			<input type="hidden" name="intent" value={UNFOLLOW_INTENT} />
			<input type="hidden" name="shipSetId" value={order.shipSetId} />
			<Button
				size="small"
				type="submit"
				disabled={disabled}
				aria-label={`Unfollow ${order.shipSetName}`}
			>
				Unfollow
			</Button>
			<FieldErrors messages={form.allErrors ? Object.values(form.allErrors).flat() : null} />
		</Form>
	)
}

/**
 * Recently Viewed (001 §2): "the recently-viewed fetch asks for 10 and shows at most 5 per page"
 * (001 §9); the page is this widget's own parameter.
 */
export function RecentlyViewedWidget({ initial }: { initial: WidgetAnswer<'recently-viewed'> }) {
	const { answer, loading, search } = useWidget('recently-viewed', initial)
	const result = answer.result
	const page = result.data?.page ?? 1
	const shown =
		result.data?.orders.slice((page - 1) * WIDGET_PAGE_SIZE, page * WIDGET_PAGE_SIZE) ?? []
	return (
		<WidgetCard widget="recently-viewed" loading={loading}>
			{result.failed ? (
				<WidgetFailed widget="recently-viewed" />
			) : shown.length === 0 ? (
				<EmptyState>{WIDGETS['recently-viewed'].empty}</EmptyState>
			) : (
				<>
					<ul className="dash-orders">
						{shown.map((order) => (
							<OrderLine key={order.shipSetId} order={order} />
						))}
					</ul>
					<WidgetPager
						label="Recently Viewed pages"
						param="viewed_page"
						page={page}
						total={result.data.total}
						loading={loading}
						search={search}
					/>
				</>
			)}
		</WidgetCard>
	)
}
