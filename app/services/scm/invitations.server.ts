import type { AppLoadContext } from 'react-router'
import { InvitationsApi } from '#api/sharing/invitations'
import type { ScmCaller } from './client.server'

/** Supply Chain View invitations (ADR 0025): no user yet, so the web tier's key; the link's token is the proof. */
export function invitationCalls({ call }: ScmCaller, context: AppLoadContext) {
	const headers = {
		Authorization: null,
		'X-Account': null,
		'X-Supply-Chain': null,
		'X-Api-Key': context.webApiKey,
	}
	return {
		show: (token: string, email: string) =>
			call(InvitationsApi.show, { query: { token, email }, headers }),
		accept: (body: {
			token: string
			email: string
			givenName: string
			familyName: string | null
			password: string
		}) =>
			call(InvitationsApi.accept, {
				body: {
					token: body.token,
					email: body.email,
					given_name: body.givenName,
					family_name: body.familyName,
					password: body.password,
				},
				headers,
			}),
	}
}
