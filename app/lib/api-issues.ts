/**
 * The API's refusal as a form's errors (docs/architecture.md rule 2: "a validation failure is
 * data"). The API answers 400 with `issues: [{ path, message }]`, each path in its own wire
 * names (`shipment.carrier_id`); a form names the field its own way (`carrier_id`). `fields`
 * maps the one to the other; a path is matched exactly or by its nearest mapped parent
 * (`shipment.references.0.value` → `shipment.references`). What no field shows — an unmapped
 * issue, or a refusal without issues (a 409, a 422) — is an error of the whole form.
 */
interface ApiRefusal {
	message: string
	issues: readonly { path: string; message: string }[]
}

export interface FormErrors {
	fieldErrors: Record<string, string[]>
	formErrors: string[]
}

export function formErrorsOf(
	refusal: ApiRefusal,
	fields: Readonly<Record<string, string>>,
): FormErrors {
	const fieldErrors: Record<string, string[]> = {}
	const formErrors: string[] = []
	for (const issue of refusal.issues) {
		const field = fieldFor(issue.path, fields)
		if (field) (fieldErrors[field] ??= []).push(issue.message)
		else formErrors.push(issue.message)
	}
	if (!refusal.issues.length) formErrors.push(refusal.message)
	return { fieldErrors, formErrors }
}

function fieldFor(path: string, fields: Readonly<Record<string, string>>): string | undefined {
	const parts = path.split('.')
	for (let n = parts.length; n > 0; n--) {
		const field = fields[parts.slice(0, n).join('.')]
		if (field) return field
	}
	return undefined
}
