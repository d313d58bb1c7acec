// order-full-bench's view of group commit: how many orders the order service wrote per statement.

/** the order service's group-commit histogram: orders written (sum) and statements (count) so far */
export async function orderBatches(port) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const value = (name) => Number(text.match(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm'))?.[1] ?? 0);
  return { sum: value('shop_order_batch_orders_sum'), count: value('shop_order_batch_orders_count') };
}
