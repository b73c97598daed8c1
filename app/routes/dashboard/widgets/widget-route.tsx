import { data, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/widget-route'
import { isWidgetName, REPORT_INTENT } from './widget-page'
import { requireScm } from '~/services/auth/session.server'
import { allowed, loadWidget, widgetAccess } from './widgets.server'

/**
 * /dashboard/old/widgets/{widget}?{its own parameters}: one widget of the widget page, read alone,
 * so that with JavaScript a widget refetches only itself (001 §4 "Every widget fetch: start
 * (fetching), fulfilled, rejected"). The same guard as the page; a widget the user does not see
 * (001 §6) is a 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
	const widget = params.widget
	if (!isWidgetName(widget)) throw data('Not found', { status: 404 })
	const { user, scm } = await requireScm(request, context)
	if (!allowed(widget, await widgetAccess(context, user))) throw data('Not found', { status: 404 })
	return loadWidget(widget, request, context, scm, new URL(request.url).searchParams)
}

/** Making the Issues Log report changes no widget. */
export function shouldRevalidate({
	formData,
	defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
	return formData?.get('intent') === REPORT_INTENT ? false : defaultShouldRevalidate
}
