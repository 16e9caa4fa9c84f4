/** Whether a query finds a row: for `SELECT … WHERE …` probes (a key, a membership, a block). */
export async function rowExists(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}
