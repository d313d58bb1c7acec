import type { ContentNode } from '@shop/contracts';
import { owningProject, referenceId, sortByWeight, type ObjectNodeLike } from '@shop/domain';

/**
 * The public objects of a project: listed in the project's objects, or naming the project in their own projects
 * (§3 both directions exist). Their `projects` are normalised to ids, the shape the rules of @shop/domain read.
 */
export function objectsOfProject(
  nodes: readonly ContentNode[],
  projectId: number,
): Array<ContentNode & ObjectNodeLike> {
  const objects = nodes.filter(
    (n) =>
      n.type === 'object' &&
      n.isPublic &&
      (owningProject(nodes, n.id)?.id === projectId ||
        (Array.isArray(n.content.projects) &&
          (n.content.projects as unknown[]).some((r) => referenceId(r, 'project') === projectId))),
  );
  return sortByWeight(
    objects.map((o) => ({ ...o, content: { ...o.content, projects: [projectId] } }) as ContentNode & ObjectNodeLike),
  );
}
