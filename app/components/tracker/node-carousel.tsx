import { useEffect, useRef, useState, type FocusEvent, type ReactElement } from 'react'
import Carousel, { type ArrowProps, type ResponsiveType } from 'react-multi-carousel'
import { trackerTexts } from '~/lib/tracker/texts'
import { Icon } from '~/components/ui/icon'

/**
 * react-multi-carousel around the node cards (000 §2 "Node carousel: 5 visible, responsive
 * 4/3/2 at widths 1200 (991 also noted) /860/718/580, previous and next arrows, slide
 * speed 100"; §9 "carousel 5 slides (4/3/2 at breakpoints 1200, 991 and 860, 718, 580)").
 *
 * The documents disagree on where four cards start (1200 or 991). We take 1200, the
 * first value both give: five cards need about 1,120 px, our content width at 1200, and
 * squeezing five into 991 px makes the dates wrap. Then three from 860 down, two from
 * 718 down, and two still below 580: the 580 breakpoint has no count of its own in
 * either document, and two cards keep the order's neighbourhood visible on a phone.
 * Loaded only in the browser, after hydration (see NodeStrip).
 */

const NODE_CAROUSEL_RESPONSIVE: ResponsiveType = {
	wide: { breakpoint: { max: 100_000, min: 1200 }, items: 5 },
	desktop: { breakpoint: { max: 1199, min: 860 }, items: 4 },
	tablet: { breakpoint: { max: 859, min: 718 }, items: 3 },
	small: { breakpoint: { max: 717, min: 580 }, items: 2 },
	phone: { breakpoint: { max: 579, min: 0 }, items: 2 },
}

/** 000 §9 "slide speed 100" (ms). */
const SLIDE_SPEED = 100

function Arrow({
	direction,
	onClick,
	onUserMove,
}: ArrowProps & { direction: 'left' | 'right'; onUserMove: () => void }) {
	return (
		<button
			type="button"
			className={`carousel-arrow carousel-arrow--${direction}`}
			onClick={() => {
				onUserMove()
				onClick?.()
			}}
			aria-label={direction === 'left' ? trackerTexts.previous : trackerTexts.next}
		>
			<Icon name={`chevron-${direction}`} />
		</button>
	)
}

/**
 * Options for another screen's strip (the signed-in timeline, 002 §2 "Node strip"): its own
 * breakpoints, label and list class, and where to scroll first and after how long.
 */
interface NodeCarouselOptions {
	responsive?: ResponsiveType
	label?: string
	listClass?: string
	/** The first slide to show for the selected index and the number visible. */
	initialSlide?: (selectedIndex: number, visible: number) => number
	initialDelayMs?: number
}

export default function NodeCarousel({
	children,
	selectedIndex,
	responsive = NODE_CAROUSEL_RESPONSIVE,
	label = trackerTexts.nodes,
	listClass,
	initialSlide = (index, visible) => (index >= visible ? index : 0),
	initialDelayMs = 0,
}: { children: ReactElement[]; selectedIndex: number } & NodeCarouselOptions) {
	const carousel = useRef<Carousel>(null)

	/** Slides the carousel so node `index` shows (first: the screen's own rule; later just far enough). */
	const show = (index: number, first = false) => {
		const c = carousel.current
		if (!c) return
		const visible = c.state.slidesToShow || 1
		const current = c.state.currentSlide
		if (index >= current && index < current + visible) return
		const wanted = first
			? initialSlide(index, visible)
			: index < current
				? index
				: index - visible + 1
		c.goToSlide(Math.max(0, Math.min(wanted, children.length - visible)), true)
	}

	// Bring the selected node into view: on mount (after initialDelayMs), e.g. the Transit group
	// picked by a tracking number, and whenever another node gets selected out of view.
	// Once the person has moved the strip, the delayed first scroll no longer takes it back; the
	// region says `data-positioned` when that first scroll is done (or was given up), so a test
	// can wait on the state instead of the time.
	const mounted = useRef(false)
	const userMoved = useRef(false)
	const [positioned, setPositioned] = useState(!initialDelayMs)
	useEffect(() => {
		const first = !mounted.current
		mounted.current = true
		if (!first || !initialDelayMs) return show(selectedIndex, first)
		const timer = setTimeout(() => {
			if (!userMoved.current) show(selectedIndex, true)
			setPositioned(true)
		}, initialDelayMs)
		return () => clearTimeout(timer)
		// eslint-disable-next-line react-hooks/exhaustive-deps -- on mount and when the selection moves
	}, [selectedIndex])

	// The carousel marks the slides out of view aria-hidden yet keeps their links focusable, so a
	// screen reader would skip nodes the keyboard still reaches (WCAG 4.1.2). Every node stays in
	// the list for both; a node that gets the focus slides into view.
	const region = useRef<HTMLDivElement>(null)
	useEffect(() => {
		const root = region.current
		if (!root) return
		const reveal = () =>
			root
				.querySelectorAll('.node-carousel__item[aria-hidden]')
				.forEach((item) => item.removeAttribute('aria-hidden'))
		reveal()
		const observer = new MutationObserver(reveal)
		observer.observe(root, {
			subtree: true,
			childList: true,
			attributes: true,
			attributeFilter: ['aria-hidden'],
		})
		return () => observer.disconnect()
	}, [])
	const onFocus = (event: FocusEvent) => {
		const item = (event.target as Element).closest('.node-carousel__item')
		if (!item?.parentElement) return
		// Focusing scrolled the clipped list itself; the carousel moves by transform instead.
		const clip = item.closest('.react-multi-carousel-list')
		if (clip) clip.scrollLeft = 0
		userMoved.current = true
		show(Array.prototype.indexOf.call(item.parentElement.children, item))
	}

	return (
		<div
			ref={region}
			className="node-carousel"
			role="region"
			aria-label={label}
			onFocus={onFocus}
			data-positioned={positioned ? 'true' : undefined}
		>
			<Carousel
				ref={carousel}
				responsive={responsive}
				ssr={false}
				arrows
				transitionDuration={SLIDE_SPEED}
				customTransition={`transform ${SLIDE_SPEED}ms ease-in-out`}
				customLeftArrow={<Arrow direction="left" onUserMove={() => (userMoved.current = true)} />}
				customRightArrow={<Arrow direction="right" onUserMove={() => (userMoved.current = true)} />}
				containerClass={listClass ? `node-carousel__list ${listClass}` : 'node-carousel__list'}
				itemClass="node-carousel__item"
				keyBoardControl
				draggable={false}
			>
				{children}
			</Carousel>
		</div>
	)
}
