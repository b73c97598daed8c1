import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useNavigation } from 'react-router'
import type { z } from 'zod'
import type { Route } from './+types/invitations'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Button, ButtonLink } from '~/components/ui/button'
import { Field, FieldErrors } from '~/components/ui/field'
import { AcceptInvitationFormSchema } from '~/lib/invitation-form'
import { pageTitle } from '~/lib/shell-texts'
import { readForm, refuse } from '~/services/form.server'
import { createScmClient, ScmError } from '~/services/scm.server'
import { INVITATION_INVALID } from '#contracts/sharing/invitations'

/**
 * /invitations?token=…&email=…: a Supply Chain View invitation (002 §4 "Share flow"; ADR 0025).
 * The person shared with chooses a name and a password; accepting makes them a member of the
 * supply chain, and they sign in to the order's full timeline. A used, expired or unknown link
 * says so. Works without JavaScript (one POST form; a refusal keeps what was typed but the passwords).
 */

export const meta: Route.MetaFunction = () => [
	{ title: pageTitle('Invitation') },
	{ name: 'robots', content: 'noindex' },
]

function linkOf(request: Request) {
	const q = new URL(request.url).searchParams
	return { token: q.get('token') ?? '', email: q.get('email') ?? '' }
}

async function invitationOf(request: Request, context: Route.LoaderArgs['context']) {
	const { token, email } = linkOf(request)
	if (!token || !email) return null
	try {
		return (await createScmClient(context).invitations.show(token, email)).invitation
	} catch (error) {
		if (error instanceof ScmError && (error.status === 404 || error.status === 400)) return null
		throw error
	}
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const invitation = await invitationOf(request, context)
	if (!invitation) return data({ invitation: null }, { status: 404 })
	return { invitation }
}

export async function action({ request, context }: Route.ActionArgs) {
	const submission = parseWithZod(await readForm(request), { schema: AcceptInvitationFormSchema })
	if (submission.status !== 'success') return refuse(submission, undefined)
	const { token, email } = linkOf(request)
	try {
		const { accepted } = await createScmClient(context).invitations.accept({
			token,
			email,
			givenName: submission.value.given_name,
			familyName: submission.value.family_name ?? null,
			password: submission.value.password,
		})
		return { accepted }
	} catch (error) {
		if (!(error instanceof ScmError) || error.status >= 500) throw error
		return refuse(submission, {
			formErrors: [error.status === 404 ? INVITATION_INVALID : error.message],
		})
	}
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
	const { invitation } = loaderData
	const navigation = useNavigation()
	const reply = actionData && 'result' in actionData ? actionData.result : undefined
	const [form, fields] = useForm<z.input<typeof AcceptInvitationFormSchema>>({
		id: 'accept-invitation',
		lastResult: reply,
		constraint: getZodConstraint(AcceptInvitationFormSchema),
	})
	if (actionData && 'accepted' in actionData) {
		const { accepted } = actionData
		return (
			<section className="status-page invitation">
				<h1>Welcome to {invitation?.organizationName ?? 'the supply chain'}</h1>
				<p role="status">
					Your account is ready. Sign in with {accepted.email} and your new password to open order{' '}
					{invitation?.orderName}.
				</p>
				<ButtonLink
					variant="primary"
					reloadDocument
					to={`/login?redirectTo=${encodeURIComponent(`/timeline/${accepted.shipSetId}`)}`}
				>
					Sign in
				</ButtonLink>
			</section>
		)
	}
	if (!invitation) {
		return (
			<section className="status-page">
				<h1>Invitation</h1>
				<p>{INVITATION_INVALID}</p>
			</section>
		)
	}
	return (
		<section className="invitation">
			<h1>Join {invitation.organizationName} on Waymark</h1>
			<p>
				{invitation.sharedBy} shared order <strong>{invitation.orderName}</strong> with you in
				Supply Chain View: with an account of your own in {invitation.organizationName}’s supply
				chain you follow it on its full timeline. Choose your name and a password for{' '}
				<strong>{invitation.email}</strong>.
			</p>
			<Form method="post" {...getFormProps(form)} className="invitation-form">
				<Field id={fields.given_name.id} label="Given name" errors={fields.given_name.errors}>
					{(control) => (
						<input
							{...getInputProps(fields.given_name, { type: 'text' })}
							{...control}
							autoComplete="given-name"
						/>
					)}
				</Field>
				<Field id={fields.family_name.id} label="Family name" errors={fields.family_name.errors}>
					{(control) => (
						<input
							{...getInputProps(fields.family_name, { type: 'text' })}
							{...control}
							autoComplete="family-name"
						/>
					)}
				</Field>
				<Field
					id={fields.password.id}
					label="Password"
					hint="At least 12 characters."
					errors={fields.password.errors}
				>
					{(control) => (
						<input
							{...getInputProps(fields.password, { type: 'password' })}
							{...control}
							autoComplete="new-password"
							defaultValue=""
						/>
					)}
				</Field>
				<Field
					id={fields.confirm_password.id}
					label="Password again"
					errors={fields.confirm_password.errors}
				>
					{(control) => (
						<input
							{...getInputProps(fields.confirm_password, { type: 'password' })}
							{...control}
							autoComplete="new-password"
							defaultValue=""
						/>
					)}
				</Field>
				<FieldErrors id="accept-invitation-error" messages={form.errors} />
				<Button type="submit" variant="primary" disabled={navigation.state === 'submitting'}>
					Join and continue
				</Button>
			</Form>
		</section>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
