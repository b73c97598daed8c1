import { QUESTION_FIELDS, QUESTION_HINT } from './captcha-question'

/**
 * The no-JavaScript captcha's fields (see captcha-question.ts): the question as
 * the input's label, a hint, and the signed token. Pages put it inside <noscript>, so a browser
 * that runs scripts never shows it (it gets the ALTCHA widget instead).
 */
export function CaptchaQuestionFields({ question, token }: { question: string; token: string }) {
	return (
		<div className="field captcha-question">
			<label htmlFor="captcha-answer" className="field__label">
				Are you a person? {question}
			</label>
			<span id="captcha-answer-hint" className="field__hint">
				{QUESTION_HINT}
			</span>
			<input
				id="captcha-answer"
				name={QUESTION_FIELDS.answer}
				required
				autoComplete="off"
				inputMode="text"
				aria-describedby="captcha-answer-hint"
				maxLength={20}
			/>
			<input type="hidden" name={QUESTION_FIELDS.token} value={token} />
		</div>
	)
}
