import { z } from '@hono/zod-openapi'
import { TimelineEvent, TimelineNode, TimelineParams } from './timeline.contract'

/**
 * What an order carries besides its shipments (002 §7 rows "GET {api}/ship_sets/{id}/nodes/{node}",
 * "GET {api}/ship_sets/{id}/nodes/ (query node_ids)", "…/custom_attributes", "…/tags"), with the
 * fields of 002 §3 "Node", "Custom attribute" and "Tag".
 */

export const NodeWithEvents = TimelineNode.extend({ events: z.array(TimelineEvent) }).openapi(
	'NodeWithEvents',
)

export const NodeParams = TimelineParams.extend({
	node: z
		.string()
		.uuid()
		.openapi({ param: { name: 'node', in: 'path' }, description: 'The node id' }),
})
export const NodeResponse = z.object({ node: NodeWithEvents }).openapi('Node')

export const MAX_NODE_IDS = 100
export const NodesQuery = z.object({
	node_ids: z
		.string()
		.max(MAX_NODE_IDS * 37)
		.optional()
		.openapi({
			description: 'Comma-joined node ids (at most 100); every node of the order when absent',
		}),
})
export const NodesResponse = z.object({ nodes: z.array(NodeWithEvents) }).openapi('Nodes')

export const CustomAttribute = z
	.object({ id: z.string(), name: z.string(), value: z.string(), data_type: z.string() })
	.openapi('CustomAttribute')
export const CustomAttributesResponse = z
	.object({ custom_attributes: z.array(CustomAttribute) })
	.openapi('CustomAttributes')

export const ShipSetTagsResponse = z
	.object({ tags: z.array(z.object({ id: z.string(), name: z.string() })) })
	.openapi('ShipSetTags')
