/**
 * A customer's saved addresses (docs/requirements.md#accounts-and-sessions).
 *
 * Rules: a customer reads and changes only their own addresses (every query
 * filters by user id; someone else's id reads as not found); whenever the user
 * has addresses exactly one is the default (the first one becomes it, deleting
 * the default promotes the most recent remaining one); at most
 * MAX_ADDRESSES_PER_USER addresses. Every change runs in one transaction that
 * first locks the user's row, so concurrent changes for one user queue up and
 * the partial unique index (one default per user) is never violated.
 */
import { and, count, desc, eq, ne } from "drizzle-orm";
import type { Database, Queryable, Tx } from "#server/db/client.ts";
import { newId } from "#server/db/ids.ts";
import { addresses, users } from "#server/db/schema.ts";
import { type AddressInput } from "./profile-forms";
import { MAX_ADDRESSES_PER_USER } from "#domain/forms.ts";
import type { SavedAddress } from "#domain/address.ts";
import { PROFILE_MESSAGES } from "#domain/messages.ts";
import { ShopError } from "#server/errors.ts";

export type { SavedAddress } from "#domain/address.ts";

const columns = {
  _id: addresses.id,
  street: addresses.street,
  colonia: addresses.colonia,
  city: addresses.city,
  state: addresses.state,
  zipCode: addresses.zipCode,
  country: addresses.country,
  references: addresses.references,
  isDefault: addresses.isDefault,
};

/** The user's addresses: the default first, then the newest first. */
export async function listAddresses(db: Queryable, userId: string): Promise<SavedAddress[]> {
  return db
    .select(columns)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
}

/**
 * Locks the user's row for the rest of the transaction (FOR NO KEY UPDATE: it
 * queues other address changes of the same user but not logins, whose session
 * rows only take a key-share lock). A vanished user is a 404.
 */
async function lockUser(tx: Tx, userId: string, message: string): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
  if (!row) throw new ShopError(message, "not_found");
}

async function clearDefault(tx: Tx, userId: string, except?: string): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), except ? ne(addresses.id, except) : undefined));
}

const fieldsOf = (input: AddressInput) => ({
  street: input.street,
  colonia: input.colonia,
  city: input.city,
  state: input.state,
  zipCode: input.zipCode,
  references: input.references,
});

/** Adds an address (country México). The first one, or one marked `makeDefault`, becomes the default. */
export async function addAddress(db: Database, userId: string, input: AddressInput): Promise<SavedAddress> {
  return db.transaction((tx) => addAddressIn(tx, userId, input));
}

/**
 * The same inside the caller's transaction (the checkout saves a new address
 * to the profile in the order's transaction). Throws ProfileError when the user
 * already has MAX_ADDRESSES_PER_USER addresses, before writing anything.
 */
export async function addAddressIn(tx: Tx, userId: string, input: AddressInput): Promise<SavedAddress> {
  await lockUser(tx, userId, PROFILE_MESSAGES.addressAddFailed);
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  if (n >= MAX_ADDRESSES_PER_USER) throw new ShopError(PROFILE_MESSAGES.tooManyAddresses, "conflict");
  const isDefault = n === 0 || input.makeDefault;
  if (isDefault) await clearDefault(tx, userId);
  const [row] = await tx
    .insert(addresses)
    .values({ id: newId(), userId, ...fieldsOf(input), country: "México", isDefault })
    .returning(columns);
  if (!row) throw new ShopError(PROFILE_MESSAGES.addressAddFailed, "unexpected");
  return row;
}

/**
 * Edits one of the user's addresses; `makeDefault` also makes it the default
 * (unchecked never removes the default: there is always one). Another user's
 * or an unknown id: 404, nothing changed.
 */
export async function updateAddress(db: Database, userId: string, addressId: string, input: AddressInput): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId, PROFILE_MESSAGES.addressUpdateFailed);
    if (input.makeDefault) await clearDefault(tx, userId, addressId);
    const [row] = await tx
      .update(addresses)
      .set({ ...fieldsOf(input), ...(input.makeDefault ? { isDefault: true } : {}) })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning(columns);
    // Throwing rolls back the cleared default too.
    if (!row) throw new ShopError(PROFILE_MESSAGES.addressUpdateFailed, "not_found");
    return row;
  });
}

/** Makes one of the user's addresses the default: the old one is cleared first, in the same transaction. */
export async function setDefaultAddress(db: Database, userId: string, addressId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId, PROFILE_MESSAGES.addressUpdateFailed);
    const [target] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
    if (!target) throw new ShopError(PROFILE_MESSAGES.addressUpdateFailed, "not_found");
    await clearDefault(tx, userId, addressId);
    await tx
      .update(addresses)
      .set({ isDefault: true })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  });
}

/** Deletes one of the user's addresses; if it was the default, the most recent remaining one takes over. */
export async function deleteAddress(db: Database, userId: string, addressId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId, PROFILE_MESSAGES.addressDeleteFailed);
    const [deleted] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!deleted) throw new ShopError(PROFILE_MESSAGES.addressDeleteFailed, "not_found");
    if (!deleted.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (next)
      await tx
        .update(addresses)
        .set({ isDefault: true })
        .where(and(eq(addresses.id, next.id), eq(addresses.userId, userId)));
  });
}
