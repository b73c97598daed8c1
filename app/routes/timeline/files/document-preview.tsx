import { useEffect, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { PREVIEW_RETRY_MS, previewSource, type PreviewKind } from '~/lib/timeline/document-preview'

/**
 * The document viewer's preview (002 §2 "It opens with a loader and reloads its preview source
 * about every 2000 ms until loaded"): a PDF or a text file in a frame, an image as an image,
 * from our own download route. With JavaScript a loader covers the preview until it has loaded,
 * and every 2000 ms without a load the source is asked again; without JavaScript the browser
 * shows the preview as it comes. Other types have no preview: the viewer offers Download.
 */
export function DocumentPreview({
	kind,
	href,
	fileName,
}: {
	kind: PreviewKind
	href: string
	fileName: string
}) {
	const hydrated = useHydrated()
	const [attempt, setAttempt] = useState(0)
	const [loaded, setLoaded] = useState(false)
	const frame = useRef<HTMLIFrameElement>(null)
	const image = useRef<HTMLImageElement>(null)

	// Loaded before the page hydrated (its load event came before React listened)?
	useEffect(() => {
		if (image.current?.complete && image.current.naturalWidth > 0) setLoaded(true)
		else if (
			frame.current &&
			frame.current.contentDocument?.readyState === 'complete' &&
			frame.current.contentDocument.URL !== 'about:blank'
		)
			setLoaded(true)
	}, [])

	useEffect(() => {
		if (loaded || kind === 'other') return
		const timer = setTimeout(() => setAttempt((n) => n + 1), PREVIEW_RETRY_MS)
		return () => clearTimeout(timer)
	}, [loaded, attempt, kind])

	if (kind === 'other') return <p>This file type has no preview; download it to open it.</p>
	const src = previewSource(href, attempt)
	const onLoad = () => setLoaded(true)
	return (
		<div
			className="viewer-preview"
			data-loaded={loaded || !hydrated ? 'true' : 'false'}
			data-attempt={attempt}
		>
			{hydrated && !loaded ? (
				<div className="viewer-loader" role="status">
					<span className="viewer-spinner" aria-hidden="true" />
					Loading preview…
				</div>
			) : null}
			{kind === 'image' ? (
				<img
					ref={image}
					src={src}
					alt={fileName}
					onLoad={onLoad}
					onError={() => setLoaded(false)}
				/>
			) : (
				<iframe
					ref={frame}
					title={`Preview of ${fileName}`}
					src={src}
					onLoad={onLoad}
					className={`viewer-frame viewer-frame--${kind}`}
				/>
			)}
		</div>
	)
}
