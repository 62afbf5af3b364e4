/**
 * The customer profile on a real database (docs/requirements.md#accounts-and-sessions): personal
 * information with a unique e-mail, password change revoking the other
 * sessions, addresses with exactly one default and no access to anyone else's,
 * the points summary, and the /perfil route's loader and action end to end.
 */
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import ProfilePage, * as profileRoute from "#app/routes/perfil.tsx";
import { addAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress } from "#server/accounts/addresses.server.ts";
import { type AddressInput } from "#server/accounts/profile-forms.ts";
import { MAX_ADDRESSES_PER_USER } from "#domain/forms.ts";
import { PROFILE_MESSAGES, RATE_LIMIT_MESSAGE } from "#domain/messages.ts";
import { changePassword, getProfile, updateProfile } from "#server/accounts/profile.server.ts";
import { hashSecret } from "#server/accounts/secret-hash.ts";
import { createSession, sessionUser } from "#server/accounts/sessions.server.ts";
import { authenticateUser, registerUser } from "#server/accounts/users.server.ts";
import { newId } from "#server/db/ids.ts";
import { addresses, loyaltyAccounts, loyaltyTransactions, outbox, passwordResetTokens, sessions, users } from "#server/db/schema.ts";
import { loyaltySummary } from "#server/loyalty/points.server.ts";
import {
  TEST_ORIGIN,
  callAction,
  formPost,
  get,
  routeContext,
  runAction,
  runLoader,
  settle,
  signIn,
} from "#tests/fixtures/route-context.ts";
import { HASH_OF_THIS_SHOP } from "#tests/fixtures/passwords.ts";
import { describeEachDatabase } from "#tests/fixtures/test-db.ts";

let n = 0;
const email = () => `perfil${++n}-${Date.now()}@example.com`;

const address = (street: string, extra: Partial<AddressInput> = {}): AddressInput => ({
  street,
  colonia: null,
  city: "Puebla",
  state: "Puebla",
  zipCode: "72000",
  references: null,
  makeDefault: false,
  ...extra,
});

describeEachDatabase("profile", (t) => {
  const customer = (name = "Ana") => registerUser(t.db, { name, email: email(), phone: "", password: "secreto1" });

  async function defaultsOf(userId: string) {
    const rows = await t.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
    return rows.map((r) => r.street);
  }

  async function snapshot(userId: string) {
    return t.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(addresses.id);
  }

  // ---- personal information ----

  it("updates name, e-mail (lower-cased) and phone", async () => {
    const user = await customer();
    const mail = email();
    const saved = await updateProfile(t.db, user.id, {
      name: "Ana María",
      email: mail.toUpperCase(),
      phone: "5512345678",
      currentPassword: "secreto1",
    });
    expect(saved).toEqual({ name: "Ana María", email: mail, phone: "5512345678" });
    expect(await getProfile(t.db, user.id)).toEqual(saved);
    await updateProfile(t.db, user.id, { name: "Ana María", email: mail, phone: "" });
    expect((await getProfile(t.db, user.id))?.phone).toBeNull();
  });

  it("refuses another user's e-mail in any case with 409, and changes nothing", async () => {
    const ana = await customer("Ana");
    const luis = await customer("Luis");
    const before = await getProfile(t.db, ana.id);
    await expect(
      updateProfile(t.db, ana.id, { name: "Cambiada", email: luis.email.toUpperCase(), phone: "", currentPassword: "secreto1" }),
    ).rejects.toMatchObject({
      message: "Ya existe una cuenta con este correo electrónico",
      status: 409,
      field: "email",
    });
    expect(await getProfile(t.db, ana.id)).toEqual(before);
    // Keeping one's own e-mail is not a conflict.
    await expect(updateProfile(t.db, ana.id, { name: "Ana", email: ana.email, phone: "" })).resolves.toMatchObject({ email: ana.email });
  });

  // ---- password ----

  it("a wrong current password is refused and nothing changes", async () => {
    const user = await customer();
    const [before] = await t.db.select().from(users).where(eq(users.id, user.id));
    await expect(
      changePassword(t.db, user.id, { currentPassword: "incorrecta", newPassword: "nueva123", confirmPassword: "nueva123" }, null),
    ).rejects.toMatchObject({ message: "La contraseña actual es incorrecta", status: 400, field: "currentPassword" });
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });

  it("a password change swaps the hash and revokes the other sessions, keeping the current one", async () => {
    const user = await customer();
    const other = await customer("Otro");
    const current = await createSession(t.db, user.id);
    const phone = await createSession(t.db, user.id);
    const laptop = await createSession(t.db, user.id);
    const othersSession = await createSession(t.db, other.id);
    const [before] = await t.db.select().from(users).where(eq(users.id, user.id));
    const pendingReset = newId();
    await t.db
      .insert(passwordResetTokens)
      .values({ id: pendingReset, userId: user.id, tokenHash: `hash-${pendingReset}`, expiresAt: new Date(Date.now() + 3600_000) });

    await changePassword(t.db, user.id, { currentPassword: "secreto1", newPassword: "nueva123", confirmPassword: "nueva123" }, current);

    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).not.toBe(before?.passwordHash);
    expect(after?.passwordHash).toMatch(HASH_OF_THIS_SHOP);
    expect((await authenticateUser(t.db, { email: user.email, password: "nueva123" })).id).toBe(user.id);
    await expect(authenticateUser(t.db, { email: user.email, password: "secreto1" })).rejects.toMatchObject({ status: 401 });
    expect((await sessionUser(t.db, current))?.id).toBe(user.id);
    expect(await sessionUser(t.db, phone)).toBeNull();
    expect(await sessionUser(t.db, laptop)).toBeNull();
    expect((await sessionUser(t.db, othersSession))?.id).toBe(other.id);
    expect(await t.db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, user.id))).toEqual([
      { idHash: hashSecret(current) },
    ]);
    // A reset link sent before the change no longer works.
    const [reset] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, pendingReset));
    expect(reset?.usedAt).toBeInstanceOf(Date);
  });

  it("password change attempts are rate-limited per user", async () => {
    const user = await customer();
    const wrong = { currentPassword: "incorrecta", newPassword: "nueva123", confirmPassword: "nueva123" };
    for (let i = 0; i < 10; i++) await expect(changePassword(t.db, user.id, wrong, null)).rejects.toMatchObject({ status: 400 });
    await expect(changePassword(t.db, user.id, { ...wrong, currentPassword: "secreto1" }, null)).rejects.toMatchObject({ status: 429 });
    // Another user is not affected.
    const other = await customer();
    await expect(changePassword(t.db, other.id, { ...wrong, currentPassword: "secreto1" }, null)).resolves.toBeUndefined();
  });

  // ---- addresses ----

  it("keeps exactly one default through add, add-as-default, set default and delete", async () => {
    const user = await customer();
    const first = await addAddress(t.db, user.id, address("Calle Uno 1"));
    expect(first).toMatchObject({ isDefault: true, country: "México" });
    expect(await defaultsOf(user.id)).toEqual(["Calle Uno 1"]);

    const second = await addAddress(t.db, user.id, address("Calle Dos 2"));
    expect(second.isDefault).toBe(false);
    expect(await defaultsOf(user.id)).toEqual(["Calle Uno 1"]);

    const third = await addAddress(t.db, user.id, address("Calle Tres 3", { makeDefault: true }));
    expect(third.isDefault).toBe(true);
    expect(await defaultsOf(user.id)).toEqual(["Calle Tres 3"]);

    await setDefaultAddress(t.db, user.id, second._id);
    expect(await defaultsOf(user.id)).toEqual(["Calle Dos 2"]);
    await setDefaultAddress(t.db, user.id, second._id); // already the default: still one
    expect(await defaultsOf(user.id)).toEqual(["Calle Dos 2"]);

    // The list shows the default first, then the newest.
    expect((await listAddresses(t.db, user.id)).map((a) => a.street)).toEqual(["Calle Dos 2", "Calle Tres 3", "Calle Uno 1"]);

    // Deleting the default promotes the most recent remaining address.
    await deleteAddress(t.db, user.id, second._id);
    expect(await defaultsOf(user.id)).toEqual(["Calle Tres 3"]);
    // Deleting a non-default leaves the default alone.
    await deleteAddress(t.db, user.id, first._id);
    expect(await defaultsOf(user.id)).toEqual(["Calle Tres 3"]);
    await deleteAddress(t.db, user.id, third._id);
    expect(await listAddresses(t.db, user.id)).toEqual([]);
    // Starting over: the first one is the default again.
    expect((await addAddress(t.db, user.id, address("Calle Cuatro 4"))).isDefault).toBe(true);
  });

  it("edits an address, and can make it the default from the edit form", async () => {
    const user = await customer();
    await addAddress(t.db, user.id, address("Calle Uno 1"));
    const second = await addAddress(t.db, user.id, address("Calle Dos 2"));
    const edited = await updateAddress(
      t.db,
      user.id,
      second._id,
      address("Av. Reforma 222", {
        colonia: "Juárez",
        city: "Ciudad de México",
        state: "Ciudad de México",
        zipCode: "06600",
        references: "Torre azul",
      }),
    );
    expect(edited).toMatchObject({
      street: "Av. Reforma 222",
      colonia: "Juárez",
      zipCode: "06600",
      references: "Torre azul",
      isDefault: false,
    });
    expect(await defaultsOf(user.id)).toEqual(["Calle Uno 1"]);
    await updateAddress(t.db, user.id, second._id, address("Av. Reforma 222", { makeDefault: true }));
    expect(await defaultsOf(user.id)).toEqual(["Av. Reforma 222"]);
    // Unchecked on the default never leaves the user without one.
    await updateAddress(t.db, user.id, second._id, address("Av. Reforma 222"));
    expect(await defaultsOf(user.id)).toEqual(["Av. Reforma 222"]);
  });

  it("another user's address can't be updated, set as default or deleted: 404 and nothing changes", async () => {
    const owner = await customer("Dueña");
    const intruder = await customer("Intruso");
    const a = await addAddress(t.db, owner.id, address("Calle Dueña 1"));
    const b = await addAddress(t.db, owner.id, address("Calle Dueña 2"));
    await addAddress(t.db, intruder.id, address("Calle Intruso 1"));
    const ownerBefore = await snapshot(owner.id);
    const intruderBefore = await snapshot(intruder.id);

    await expect(updateAddress(t.db, intruder.id, b._id, address("Hackeada", { makeDefault: true }))).rejects.toMatchObject({
      message: PROFILE_MESSAGES.addressUpdateFailed,
      status: 404,
    });
    await expect(setDefaultAddress(t.db, intruder.id, b._id)).rejects.toMatchObject({
      message: PROFILE_MESSAGES.addressUpdateFailed,
      status: 404,
    });
    await expect(deleteAddress(t.db, intruder.id, a._id)).rejects.toMatchObject({
      message: PROFILE_MESSAGES.addressDeleteFailed,
      status: 404,
    });
    await expect(deleteAddress(t.db, intruder.id, newId())).rejects.toMatchObject({ status: 404 });

    expect(await snapshot(owner.id)).toEqual(ownerBefore);
    // The intruder's own default was not cleared by the refused make-default edit.
    expect(await snapshot(intruder.id)).toEqual(intruderBefore);
  });

  it("caps the addresses per user", async () => {
    const user = await customer();
    for (let i = 0; i < MAX_ADDRESSES_PER_USER; i++) await addAddress(t.db, user.id, address(`Calle ${i}`));
    await expect(addAddress(t.db, user.id, address("Una más"))).rejects.toMatchObject({
      message: PROFILE_MESSAGES.tooManyAddresses,
      status: 409,
    });
    expect(await listAddresses(t.db, user.id)).toHaveLength(MAX_ADDRESSES_PER_USER);
  });

  it("concurrent set-default, add-as-default and delete calls leave exactly one default", async () => {
    const user = await customer();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await addAddress(t.db, user.id, address(`Calle ${i}`)))._id);
    const calls = [
      // Not the address being deleted: making a just-deleted address the default is rightly a 404.
      ...Array.from({ length: 12 }, (_, i) => setDefaultAddress(t.db, user.id, ids[1 + (i % (ids.length - 1))]!)),
      ...Array.from({ length: 3 }, (_, i) => addAddress(t.db, user.id, address(`Nueva ${i}`, { makeDefault: true }))),
      deleteAddress(t.db, user.id, ids[0]!),
    ];
    const results = await Promise.allSettled(calls);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await defaultsOf(user.id)).toHaveLength(1);
    expect(await listAddresses(t.db, user.id)).toHaveLength(8);
  });

  it("concurrent adds never pass the cap", async () => {
    const user = await customer();
    for (let i = 0; i < MAX_ADDRESSES_PER_USER - 2; i++) await addAddress(t.db, user.id, address(`Calle ${i}`));
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => addAddress(t.db, user.id, address(`Carrera ${i}`, { makeDefault: true }))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.status)).toEqual([
      409, 409, 409, 409,
    ]);
    expect(await listAddresses(t.db, user.id)).toHaveLength(MAX_ADDRESSES_PER_USER);
    expect(await defaultsOf(user.id)).toHaveLength(1);
  });

  // ---- points ----

  it("points summary: zeros without an account", async () => {
    const user = await customer();
    expect(await loyaltySummary(t.db, user.id)).toEqual({ balance: 0, owed: 0, totalEarned: 0, totalSpent: 0, transactions: [] });
  });

  it("points summary: balance and totals, the last 15 movements newest first, only the user's own", async () => {
    const user = await customer();
    const other = await customer("Otro");
    await t.db.insert(loyaltyAccounts).values({ userId: user.id, balance: 57, totalEarned: 80, totalSpent: 23 });
    const base = Date.parse("2025-03-01T12:00:00Z");
    const kinds = ["earned", "spent", "adjustment", "refunded"];
    await t.db.insert(loyaltyTransactions).values(
      Array.from({ length: 20 }, (_, i) => ({
        id: newId(),
        userId: user.id,
        type: kinds[i % kinds.length]!,
        amount: i % 4 === 1 ? -(i + 1) : i + 1,
        description: `Movimiento ${i}`,
        createdAt: new Date(base + i * 3600_000),
      })),
    );
    await t.db.insert(loyaltyTransactions).values({
      id: newId(),
      userId: other.id,
      type: "earned",
      amount: 99,
      description: "Ajeno",
      createdAt: new Date(base + 99 * 3600_000),
    });

    const summary = await loyaltySummary(t.db, user.id);
    expect(summary).toMatchObject({ balance: 57, totalEarned: 80, totalSpent: 23 });
    expect(summary.transactions).toHaveLength(15);
    expect(summary.transactions.map((tx) => tx.description)).toEqual(Array.from({ length: 15 }, (_, i) => `Movimiento ${19 - i}`));
    expect(summary.transactions[0]).toMatchObject({
      type: "refunded",
      amount: 20,
      createdAt: new Date(base + 19 * 3600_000).toISOString(),
    });
    expect(summary.transactions[2]).toMatchObject({ type: "spent", amount: -18, description: "Movimiento 17" });
  });

  // ---- the /perfil route ----

  type Outcome = { status: number; location: string | null; data: Record<string, unknown> | undefined };

  const outcome = async (run: () => Promise<unknown>): Promise<Outcome> => {
    const r = await settle<Record<string, unknown>>(run);
    return { status: r.status, location: r.headers.get("Location"), data: r.data };
  };

  const load = (path: string, cookie?: string) => outcome(() => runLoader(profileRoute, get(path, cookie ? { cookie } : {}), { db: t.db }));

  const post = (path: string, fields: Record<string, string> | Request, cookie?: string) =>
    outcome(() =>
      runAction(profileRoute, fields instanceof Request ? fields : formPost(path, fields, cookie ? { cookie } : {}), { db: t.db }),
    );

  it("route: logged out, the page and its action send to /login with the way back", async () => {
    expect(await load("/perfil?tab=puntos")).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fperfil%3Ftab%3Dpuntos" });
    expect(await post("/perfil", { intent: "add-address" })).toMatchObject({ status: 302 });
  });

  it("route: tabs, unknown tab falls back, notices only by key, only own ids open edit/delete", async () => {
    const user = await customer();
    const { cookie } = await signIn(t.db, user.id);
    const mine = await addAddress(t.db, user.id, address("Calle Propia 1"));
    const stranger = await customer("Extraña");
    const theirs = await addAddress(t.db, stranger.id, address("Calle Ajena 1"));

    expect((await load("/perfil", cookie)).data).toMatchObject({
      tab: "informacion",
      notice: null,
      profile: { name: "Ana", email: user.email },
    });
    expect((await load("/perfil?tab=%3Cscript%3E&aviso=%3Cb%3Ehola", cookie)).data).toMatchObject({ tab: "informacion", notice: null });
    expect((await load("/perfil?tab=puntos&aviso=address-added", cookie)).data).toMatchObject({
      tab: "puntos",
      notice: "Dirección agregada exitosamente",
      points: { balance: 0 },
    });
    const own = await load(`/perfil?tab=direcciones&editar=${mine._id}&eliminar=${mine._id}`, cookie);
    expect(own.data).toMatchObject({ editingId: mine._id, deletingId: mine._id });
    expect((own.data?.addresses as Array<{ street: string }>).map((a) => a.street)).toEqual(["Calle Propia 1"]);
    const foreign = await load(`/perfil?tab=direcciones&editar=${theirs._id}&eliminar=nada`, cookie);
    expect(foreign).toMatchObject({ status: 200, data: { editingId: null, deletingId: null } });
  });

  it("route: 'Referencias' typed to the field's limit with line breaks is saved whole (a browser posts each break as CRLF)", async () => {
    const user = await customer();
    const { cookie } = await signIn(t.db, user.id);
    // 298 characters as the textarea counts them (its maxlength is 300), 303 as posted.
    const references = ["Portón azul", "x".repeat(254), "tocar dos veces", "ok", "fin", "!!!!!!!!"].join("\n");
    expect(references.length).toBe(298);
    const posted = references.replace(/\n/g, "\r\n");
    expect(posted.length).toBe(303);
    const added = await post(
      "/perfil?tab=direcciones",
      { intent: "add-address", street: "Calle 5 de Mayo 10", city: "Puebla", state: "Puebla", zipCode: "72000", references: posted },
      cookie,
    );
    expect(added).toMatchObject({ status: 303 });
    const [saved] = await listAddresses(t.db, user.id);
    expect(saved!.references).toBe(references);
  });

  it("route: a successful post answers 303 back to the tab with the notice key", async () => {
    const user = await customer();
    const { cookie, sessionId } = await signIn(t.db, user.id);
    const added = await post(
      "/perfil?tab=direcciones",
      { intent: "add-address", street: "Calle 5 de Mayo 10", city: "Puebla", state: "Puebla", zipCode: "72000", country: "USA" },
      cookie,
    );
    expect(added).toMatchObject({ status: 303, location: "/perfil?tab=direcciones&aviso=address-added" });
    const [saved] = await listAddresses(t.db, user.id);
    expect(saved).toMatchObject({ street: "Calle 5 de Mayo 10", country: "México", isDefault: true, colonia: null });

    expect(await post("/perfil", { intent: "set-default-address", addressId: saved!._id }, cookie)).toMatchObject({
      status: 303,
      location: "/perfil?tab=direcciones&aviso=default-address",
    });
    expect(await post("/perfil", { intent: "update-profile", name: "Ana Ruiz", email: user.email, phone: "" }, cookie)).toMatchObject({
      location: "/perfil?tab=informacion&aviso=profile-updated",
    });
    const other = await signIn(t.db, user.id);
    expect(
      await post(
        "/perfil",
        { intent: "change-password", currentPassword: "secreto1", newPassword: "nueva123", confirmPassword: "nueva123" },
        cookie,
      ),
    ).toMatchObject({ status: 303, location: "/perfil?tab=contrasena&aviso=password-changed" });
    expect((await sessionUser(t.db, sessionId))?.id).toBe(user.id);
    expect(await sessionUser(t.db, other.sessionId)).toBeNull();
    expect(await post("/perfil", { intent: "delete-address", addressId: saved!._id }, cookie)).toMatchObject({
      location: "/perfil?tab=direcciones&aviso=address-deleted",
    });
    expect(await listAddresses(t.db, user.id)).toEqual([]);
  });

  it("route: refused posts come back with a 4xx, the Spanish message, the field and the values (never a password)", async () => {
    const user = await customer();
    const { cookie } = await signIn(t.db, user.id);
    const taken = await customer("Luis");

    expect(await post("/perfil", { intent: "borrar-todo" }, cookie)).toEqual({
      status: 400,
      location: null,
      data: { formError: "La solicitud no es válida.", fieldErrors: {}, values: {} },
    });
    expect(await post("/perfil", {}, cookie)).toMatchObject({ status: 400 });
    const notAForm = new Request(`${TEST_ORIGIN}/perfil`, {
      method: "POST",
      body: "intent=add-address",
      headers: { "content-type": "text/plain", cookie },
    });
    expect(await post("/perfil", notAForm)).toMatchObject({ status: 400, data: { formError: "La solicitud no es válida." } });

    expect(
      await post(
        "/perfil?tab=informacion",
        { intent: "update-profile", name: "Ana", email: taken.email.toUpperCase(), phone: "5512345678", currentPassword: "secreto1" },
        cookie,
      ),
    ).toMatchObject({
      status: 409,
      data: {
        intent: "update-profile",
        fieldErrors: { email: ["Ya existe una cuenta con este correo electrónico"] },
        values: { phone: "5512345678" },
      },
    });
    expect((await getProfile(t.db, user.id))?.email).toBe(user.email);

    const wrong = await post(
      "/perfil?tab=contrasena",
      { intent: "change-password", currentPassword: "incorrecta", newPassword: "nueva123", confirmPassword: "nueva123" },
      cookie,
    );
    expect(wrong).toMatchObject({
      status: 400,
      data: { intent: "change-password", fieldErrors: { currentPassword: ["La contraseña actual es incorrecta"] }, values: {} },
    });
    expect(JSON.stringify(wrong.data)).not.toContain("nueva123");
    expect(
      await post(
        "/perfil",
        { intent: "change-password", currentPassword: "secreto1", newPassword: "nueva123", confirmPassword: "nueva124" },
        cookie,
      ),
    ).toMatchObject({ status: 400, data: { fieldErrors: { confirmPassword: ["Las contraseñas no coinciden"] } } });

    const badZip = await post(
      "/perfil?tab=direcciones",
      { intent: "add-address", street: "Calle 1", city: "Puebla", state: "Puebla", zipCode: "7200", references: "x".repeat(5000) },
      cookie,
    );
    expect(badZip).toMatchObject({
      status: 400,
      data: {
        intent: "add-address",
        fieldErrors: { zipCode: ["El código postal debe tener 5 dígitos"], references: [PROFILE_MESSAGES.referencesTooLong] },
        values: { street: "Calle 1", zipCode: "7200" },
      },
    });
    expect((badZip.data?.values as Record<string, string>).references).toHaveLength(300);
    expect(
      await post("/perfil", { intent: "add-address", street: "Calle 1", city: "Austin", state: "Texas", zipCode: "73301" }, cookie),
    ).toMatchObject({
      status: 400,
      data: { fieldErrors: { state: [PROFILE_MESSAGES.stateInvalid] } },
    });
    expect(
      await post("/perfil", { intent: "add-address", street: "x".repeat(201), city: "Puebla", state: "Puebla", zipCode: "72000" }, cookie),
    ).toMatchObject({
      status: 400,
      data: { fieldErrors: { street: [PROFILE_MESSAGES.streetTooLong] } },
    });
    expect(await listAddresses(t.db, user.id)).toEqual([]);
  });

  it("route: a form with several fields at fault answers every field's messages at once; a repeated name counts once", async () => {
    const user = await customer();
    const { cookie } = await signIn(t.db, user.id);
    const refused = await post(
      "/perfil?tab=direcciones",
      { intent: "add-address", street: " ", city: "", state: "Texas", zipCode: "7200", references: "x".repeat(301) },
      cookie,
    );
    expect(refused).toMatchObject({
      status: 400,
      data: {
        intent: "add-address",
        fieldErrors: {
          street: [PROFILE_MESSAGES.streetRequired],
          city: [PROFILE_MESSAGES.cityRequired],
          state: [PROFILE_MESSAGES.stateInvalid],
          zipCode: [PROFILE_MESSAGES.zipInvalid],
          references: [PROFILE_MESSAGES.referencesTooLong],
        },
      },
    });
    const profile = await post("/perfil", { intent: "update-profile", name: "", email: "ana@", phone: "123" }, cookie);
    expect(profile).toMatchObject({
      status: 400,
      data: {
        fieldErrors: {
          name: ["El nombre es requerido"],
          email: ["Ingresa un correo electrónico válido"],
          phone: ["El teléfono debe tener 10 dígitos"],
        },
      },
    });
    expect(await listAddresses(t.db, user.id)).toEqual([]);

    // FormData.get: the first of a repeated name is the one taken; a field not in the form is ignored.
    const repeated = formPost(
      "/perfil?tab=direcciones",
      "intent=add-address&street=Calle+5+de+Mayo+10&street=Otra+calle&city=Puebla&state=Puebla&zipCode=72000&country=USA",
      { cookie },
    );
    expect(await post("/perfil", repeated)).toMatchObject({ status: 303 });
    expect(await listAddresses(t.db, user.id)).toMatchObject([{ street: "Calle 5 de Mayo 10", country: "México" }]);
  });

  it("route: malformed, missing or foreign address ids get a 404 with the Spanish message and change nothing", async () => {
    const user = await customer();
    const { cookie } = await signIn(t.db, user.id);
    const stranger = await customer("Extraña");
    const theirs = await addAddress(t.db, stranger.id, address("Calle Ajena 1"));
    await addAddress(t.db, stranger.id, address("Calle Ajena 2"));
    const before = await snapshot(stranger.id);
    const fields = { street: "Hackeada", city: "Puebla", state: "Puebla", zipCode: "72000", makeDefault: "on" };

    for (const addressId of [theirs._id, "nada", "' or 1=1 --", newId()]) {
      expect(await post("/perfil", { intent: "update-address", addressId, ...fields }, cookie)).toMatchObject({
        status: 404,
        data: { intent: "update-address", formError: "Error al actualizar dirección", fieldErrors: {} },
      });
      expect(await post("/perfil", { intent: "set-default-address", addressId }, cookie)).toMatchObject({
        status: 404,
        data: { intent: "set-default-address", formError: "Error al actualizar dirección", fieldErrors: {} },
      });
      expect(await post("/perfil", { intent: "delete-address", addressId }, cookie)).toMatchObject({
        status: 404,
        data: { intent: "delete-address", formError: "Error al eliminar dirección", fieldErrors: {} },
      });
    }
    expect(await post("/perfil", { intent: "delete-address" }, cookie)).toMatchObject({ status: 404 });
    expect(await snapshot(stranger.id)).toEqual(before);
  });

  // ---- changing the e-mail needs the current password; the old address is told ----

  const userRow = async (userId: string) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!;
  const mailTo = (recipient: string) => t.db.select().from(outbox).where(eq(outbox.recipient, recipient));

  it("route: a new e-mail without the current password, or with a wrong one, is refused and nothing is written", async () => {
    const user = await customer();
    const { cookie } = await signIn(t.db, user.id);
    const before = await userRow(user.id);
    const wanted = email();
    const change = { intent: "update-profile", name: "Ana Cambiada", email: wanted, phone: "5512345678" };

    for (const currentPassword of [undefined, ""]) {
      const missing = await post(
        "/perfil?tab=informacion",
        currentPassword === undefined ? change : { ...change, currentPassword },
        cookie,
      );
      expect(missing).toMatchObject({
        status: 400,
        data: {
          intent: "update-profile",
          fieldErrors: { currentPassword: [PROFILE_MESSAGES.currentPasswordRequired] },
          values: { name: "Ana Cambiada", email: wanted },
        },
      });
    }
    const wrong = await post("/perfil?tab=informacion", { ...change, currentPassword: "Clave-Equivocada-9" }, cookie);
    expect(wrong).toMatchObject({ status: 400, data: { fieldErrors: { currentPassword: [PROFILE_MESSAGES.currentPasswordWrong] } } });
    expect(JSON.stringify(wrong.data)).not.toContain("Clave-Equivocada-9");
    // Not the e-mail, nor the name and phone sent with it; no notice to either address.
    expect(await userRow(user.id)).toEqual(before);
    expect(await mailTo(user.email)).toEqual([]);
    expect(await mailTo(wanted)).toEqual([]);
  });

  it("route: with the right password the e-mail changes and exactly one notice goes to the old address", async () => {
    const user = await customer("Ana López");
    const { cookie } = await signIn(t.db, user.id);
    const wanted = `nueva-${Date.now()}-direccion@example.com`;
    const done = await post(
      "/perfil?tab=informacion",
      { intent: "update-profile", name: "Ana López", email: wanted.toUpperCase(), phone: "", currentPassword: "secreto1" },
      cookie,
    );
    expect(done).toMatchObject({ status: 303, location: "/perfil?tab=informacion&aviso=profile-updated" });
    expect((await userRow(user.id)).email).toBe(wanted);
    expect(await mailTo(wanted)).toEqual([]);
    const notices = await mailTo(user.email);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice).toMatchObject({ kind: "email-changed", subject: "Se cambió el correo de tu cuenta - Cartas del Valle", sentAt: null });
    const { text, html } = notice!.payload as { text: string; html: string };
    expect(text).toContain("Hola Ana López");
    expect(text).toContain("n***n@example.com");
    expect(text).not.toContain(wanted);
    expect(html).not.toContain(wanted);
    expect(text).toMatch(/\d{4}/);
    expect(text).toContain("Si no fuiste tú");
    // The new address logs in; the old one no longer does.
    expect((await authenticateUser(t.db, { email: wanted, password: "secreto1" })).id).toBe(user.id);
    await expect(authenticateUser(t.db, { email: user.email, password: "secreto1" })).rejects.toMatchObject({ status: 401 });
  });

  it("route: name and phone alone, or the same e-mail in other letters, need no password and send no notice", async () => {
    const user = await customer();
    const { cookie } = await signIn(t.db, user.id);
    expect(
      await post("/perfil", { intent: "update-profile", name: "Ana Ruiz", email: user.email.toUpperCase(), phone: "5512345678" }, cookie),
    ).toMatchObject({
      status: 303,
      location: "/perfil?tab=informacion&aviso=profile-updated",
    });
    expect(await userRow(user.id)).toMatchObject({ name: "Ana Ruiz", email: user.email, phone: "5512345678" });
    expect(await mailTo(user.email)).toEqual([]);
  });

  it("route: an e-mail taken by another account, even with the right password, writes nothing and sends no notice", async () => {
    const user = await customer();
    const taken = await customer("Luis");
    const { cookie } = await signIn(t.db, user.id);
    const before = await userRow(user.id);
    expect(
      await post("/perfil", { intent: "update-profile", name: "Ana", email: taken.email, phone: "", currentPassword: "secreto1" }, cookie),
    ).toMatchObject({
      status: 409,
      data: { fieldErrors: { email: ["Ya existe una cuenta con este correo electrónico"] } },
    });
    expect(await userRow(user.id)).toEqual(before);
    expect(await mailTo(user.email)).toEqual([]);
  });

  it("route: wrong passwords for an e-mail change are rate-limited per user, on the password change's counter", async () => {
    const user = await customer();
    const { cookie } = await signIn(t.db, user.id);
    const base = routeContext(t.db);
    const strict = { ...base, config: { ...base.config, RATE_LIMIT_FACTOR: 1 } };
    const send = (fields: Record<string, string>) =>
      callAction<Record<string, unknown>>(profileRoute, formPost("/perfil", fields, { cookie }), { context: strict });
    const change = { intent: "update-profile", name: "Ana", email: email(), phone: "" };
    // Guesses through the password form and the e-mail form count together.
    for (let i = 0; i < 5; i++) {
      expect(
        (await send({ intent: "change-password", currentPassword: `mala${i}`, newPassword: "nueva123", confirmPassword: "nueva123" }))
          .status,
      ).toBe(400);
    }
    for (let i = 0; i < 5; i++) expect((await send({ ...change, currentPassword: `mala${i}` })).status).toBe(400);
    const limited = await send({ ...change, currentPassword: "secreto1" });
    expect(limited).toMatchObject({ status: 429, data: { formError: RATE_LIMIT_MESSAGE, fieldErrors: {} } });
    expect((await userRow(user.id)).email).toBe(user.email);
    expect(await mailTo(user.email)).toEqual([]);
    // Name and phone stay open: they need no password.
    expect((await send({ intent: "update-profile", name: "Ana Ruiz", email: user.email, phone: "" })).status).toBe(303);
  });
});

describe("profile page markup (server render, no JavaScript)", () => {
  const addresses = [
    {
      _id: "0123456789abcdef01234567",
      street: "Calle 5 de Mayo 10",
      colonia: "Centro",
      city: "Puebla",
      state: "Puebla",
      zipCode: "72000",
      country: "México",
      references: "Portón verde",
      isDefault: true,
    },
    {
      _id: "0123456789abcdef01234568",
      street: "Av. Juárez 1",
      colonia: null,
      city: "Mérida",
      state: "Yucatán",
      zipCode: "97000",
      country: "México",
      references: null,
      isDefault: false,
    },
  ];
  const base = {
    notice: null,
    profile: { name: "Ana", email: "ana@example.com", phone: null },
    addresses: [],
    editingId: null,
    deletingId: null,
    addressCapMessage: null,
    points: null,
  };

  function render(url: string, loaderData: Record<string, unknown>, actionData?: Record<string, unknown>): string {
    const Stub = createRoutesStub([{ id: "perfil", path: "/perfil", Component: ProfilePage as never }]);
    return renderToString(
      createElement(Stub, {
        initialEntries: [url],
        hydrationData: { loaderData: { perfil: { ...base, ...loaderData } }, actionData: actionData ? { perfil: actionData } : undefined },
      } as never),
    );
  }

  /** Every visible form control has a <label for> naming its id. */
  function expectLabelled(html: string) {
    const controls = [...html.matchAll(/<(input|select|textarea)\b([^>]*)>/g)].filter(([, , attrs]) => !/type="hidden"/.test(attrs!));
    expect(controls.length).toBeGreaterThan(0);
    for (const [, , attrs] of controls) {
      const id = /\bid="([^"]+)"/.exec(attrs!)?.[1];
      expect(id, attrs).toBeTruthy();
      expect(html).toContain(`for="${id}"`);
    }
  }

  it("tabs are links with aria-current on the active one; the notice is a status", () => {
    const html = render("/perfil", { tab: "informacion", notice: "Perfil actualizado exitosamente" });
    expect(html).toContain('<a aria-current="page" href="/perfil?tab=informacion"');
    for (const tab of ["contrasena", "direcciones", "puntos"]) expect(html).toContain(`<a href="/perfil?tab=${tab}"`);
    expect(html).toMatch(/role="status"[^>]*><p class="form-success">Perfil actualizado exitosamente<\/p>/);
    expectLabelled(html);
  });

  it("an error is shown next to its field, tied to it, with the entered values kept", () => {
    const html = render(
      "/perfil",
      { tab: "informacion" },
      {
        intent: "update-profile",
        fieldErrors: { email: ["Ya existe una cuenta con este correo electrónico"] },
        values: { name: "Ana", email: "otra@example.com", phone: "" },
      },
    );
    const input = /<input[^>]*id="perfil-email"[^>]*>/.exec(html)?.[0] ?? "";
    for (const attribute of ['aria-invalid="true"', 'aria-describedby="perfil-email-error"', 'value="otra@example.com"']) {
      expect(input).toContain(attribute);
    }
    expect(html).toMatch(
      /id="perfil-email"[^>]*>\s*<p id="perfil-email-error" class="form-error field-error">Ya existe una cuenta con este correo electrónico<\/p>/,
    );
    // Only a form's own message (not a field's) is an alert.
    expect(html).not.toContain('role="alert"');
    const formLevel = render(
      "/perfil",
      { tab: "informacion" },
      { intent: "update-profile", formError: RATE_LIMIT_MESSAGE, fieldErrors: {}, values: {} },
    );
    expect(formLevel.match(/role="alert"/g)).toHaveLength(1);
    expect(formLevel).toContain(`<p id="perfil-info-error" class="form-error" role="alert">${RATE_LIMIT_MESSAGE}</p>`);
  });

  it("several refused fields show every message at once, each next to its own field", () => {
    const html = render(
      "/perfil?tab=direcciones",
      { tab: "direcciones", addresses },
      {
        intent: "add-address",
        fieldErrors: {
          street: [PROFILE_MESSAGES.streetRequired],
          state: [PROFILE_MESSAGES.stateInvalid],
          zipCode: [PROFILE_MESSAGES.zipInvalid],
        },
        values: { street: "", city: "Austin", state: "Texas", zipCode: "7200" },
      },
    );
    for (const [id, message] of [
      ["nueva-calle", PROFILE_MESSAGES.streetRequired],
      ["nueva-estado", PROFILE_MESSAGES.stateInvalid],
      ["nueva-cp", PROFILE_MESSAGES.zipInvalid],
    ] as const) {
      expect(html).toContain(`<p id="${id}-error" class="form-error field-error">${message}</p>`);
      const control = new RegExp(`<(?:input|select)[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
      expect(control).toContain('aria-invalid="true"');
      expect(control).toContain(`aria-describedby="${id}-error"`);
    }
    for (const id of ["nueva-ciudad", "nueva-colonia"]) {
      expect(new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0]).not.toContain("aria-invalid");
    }
    expect(html).toMatch(/id="nueva-ciudad"[^>]*value="Austin"/);
  });

  it("the personal information form asks for the current password for an e-mail change, and never shows one back", () => {
    const html = render(
      "/perfil",
      { tab: "informacion" },
      {
        intent: "update-profile",
        fieldErrors: { currentPassword: [PROFILE_MESSAGES.currentPasswordWrong] },
        values: { name: "Ana", email: "nueva@example.com", phone: "" },
      },
    );
    expect(html).toContain(">Contraseña actual (necesaria para cambiar el correo)</label>");
    const field = /<input[^>]*id="perfil-contrasena-actual"[^>]*>/.exec(html)?.[0] ?? "";
    for (const attribute of ['type="password"', 'name="currentPassword"', 'autoComplete="current-password"', 'aria-invalid="true"']) {
      expect(field).toContain(attribute);
    }
    // Never filled in from a refused post; optional, as a name or phone change needs none.
    expect(field).not.toMatch(/\b(value|required)\b/);
    expectLabelled(html);
  });

  it("the password form has the three labelled fields", () => {
    const html = render("/perfil?tab=contrasena", { tab: "contrasena" });
    for (const label of ["Contraseña actual", "Nueva contraseña", "Confirmar nueva contraseña"])
      expect(html).toContain(`>${label}</label>`);
    expectLabelled(html);
  });

  it("addresses: count, default mark, named buttons, the 32 states, and the no-JS delete question", () => {
    const html = render("/perfil?tab=direcciones", { tab: "direcciones", addresses, deletingId: addresses[0]!._id });
    expect(html).toContain("Tienes 2 direcciones guardadas");
    expect(html).toContain("Predeterminada");
    expect(html).toContain('aria-label="Editar dirección Av. Juárez 1"');
    expect(html).toContain(
      'aria-label="Eliminar dirección Av. Juárez 1" href="/perfil?tab=direcciones&amp;eliminar=0123456789abcdef01234568',
    );
    // The question for the address named by ?eliminar=, with a confirming submit and a way back.
    expect(html).toMatch(
      /¿Estás seguro de eliminar esta dirección\?<\/p>.*name="intent" value="delete-address".*value="0123456789abcdef01234567".*>Eliminar<\/button>.*>Cancelar<\/a>/,
    );
    expect(html).toContain('aria-label="Establecer como predeterminada la dirección Av. Juárez 1"');
    expect((html.match(/<option value="[^"]+">/g) ?? []).length).toBe(32);
    expect(html).toMatch(/inputMode="numeric"[^>]*pattern="\\d\{5\}"[^>]*maxLength="5"/);
    expect(html).toContain('value="México"');
    expectLabelled(html);
    expect(render("/perfil?tab=direcciones", { tab: "direcciones", addresses: addresses.slice(0, 1) })).toContain(
      "Tienes 1 dirección guardada",
    );
    const full = render("/perfil?tab=direcciones", { tab: "direcciones", addresses, addressCapMessage: PROFILE_MESSAGES.tooManyAddresses });
    expect(full).toContain(PROFILE_MESSAGES.tooManyAddresses);
    expect(full).not.toContain('value="add-address"');
  });

  it("the inline edit form opens in place with the address's values", () => {
    const html = render("/perfil?tab=direcciones", { tab: "direcciones", addresses, editingId: addresses[1]!._id });
    expect(html).toContain('action="/perfil?tab=direcciones&amp;editar=0123456789abcdef01234568"');
    expect(html).toMatch(/<option value="Yucatán" selected="">/);
    expect(html).toContain('value="Av. Juárez 1"');
    expectLabelled(html);
  });

  it("points: tiles, the 1% explanation, movement types, and the prompt only at 10 or more", () => {
    const transactions = [
      { _id: "a", type: "earned", amount: 12, description: "Compra", createdAt: "2025-03-01T12:00:00Z" },
      { _id: "b", type: "spent", amount: -5, description: "Descuento", createdAt: "2025-03-02T12:00:00Z" },
      { _id: "c", type: "refunded", amount: 5, description: "Reembolso", createdAt: "2025-03-03T12:00:00Z" },
    ];
    const rich = render("/perfil?tab=puntos", { tab: "puntos", points: { balance: 57, totalEarned: 80, totalSpent: 23, transactions } });
    expect(rich).toContain("Ganas el 1% de cada compra en puntos");
    expect(rich).toMatch(/¡Tienes (<!-- -->)?57(<!-- -->)? puntos disponibles!/);
    expect(rich).toContain("1 de marzo de 2025");
    for (const text of ["Ganados", "Usados", "Ajuste", "+12", "-5"]) expect(rich).toContain(text);
    const poor = render("/perfil?tab=puntos", { tab: "puntos", points: { balance: 9, totalEarned: 9, totalSpent: 0, transactions: [] } });
    expect(poor).not.toContain("puntos disponibles!");
    expect(poor).toContain("Aún no tienes movimientos de puntos.");
    expect(poor).toContain('href="/productos"');
  });
});
