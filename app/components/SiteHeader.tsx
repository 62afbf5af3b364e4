import { useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { useRootData } from "#app/root.tsx";
import { SHOP } from "#domain/shop.ts";
import { formatPoints } from "#domain/format.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useClosingDetails } from "#app/lib/use-closing-details.ts";
import { Icon } from "./icons";
import { useCartCount } from "./cart-state";

export function SiteHeader() {
  const root = useRootData();
  const count = useCartCount();
  // The account menu is a <details>: closed after each navigation.
  const menuRef = useClosingDetails();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="logo" aria-label={`${SHOP.name}, inicio`}>
          <span className="logo-mark" aria-hidden="true">
            CV
          </span>
          <span className="logo-text">{SHOP.name}</span>
        </Link>
        <HeaderSearch />
        <nav className="header-actions" aria-label="Cuenta y carrito">
          <Link to="/carrito" className="cart-link" aria-label={`Carrito, ${count} ${count === 1 ? "artículo" : "artículos"}`}>
            <Icon name="cart" />
            <span className="cart-badge" data-testid="cart-count" aria-hidden="true">
              {count}
            </span>
          </Link>
          {root?.user && root.user.points > 0 ? (
            <Link to="/perfil?tab=puntos" className="points-chip" aria-label={`Tus puntos: ${formatPoints(root.user.points)}`}>
              {formatPoints(root.user.points)}
              <span className="points-chip-unit">pts</span>
            </Link>
          ) : null}
          <details className="user-menu" ref={menuRef}>
            <summary aria-label="Menú de usuario">
              <Icon name="user" />
            </summary>
            {root?.user ? (
              <ul className="user-menu-list">
                <li className="user-menu-greeting">
                  Hola, {root.user.name}
                  <br />
                  <span>{formatPoints(root.user.points)} puntos</span>
                </li>
                <li>
                  <Link to="/perfil">Mi Perfil</Link>
                </li>
                <li>
                  <Link to="/mis-pedidos">Mis Pedidos</Link>
                </li>
                {root.user.isAdmin ? (
                  <li>
                    <Link to="/admin">Panel Admin</Link>
                  </li>
                ) : null}
                <li>
                  <Form method="post" action="/logout">
                    <button type="submit" className="user-menu-button">
                      Cerrar Sesión
                    </button>
                  </Form>
                </li>
              </ul>
            ) : (
              <ul className="user-menu-list">
                <li>
                  <Link to="/login">Iniciar Sesión</Link>
                </li>
                <li>
                  <Link to="/registro">Crear Cuenta</Link>
                </li>
              </ul>
            )}
          </details>
        </nav>
      </div>
    </header>
  );
}

type SuggestionsView = typeof import("./SearchSuggestions").SearchSuggestions;

/**
 * Search box: a GET form to /productos that works without JavaScript; blank
 * text does nothing (the browser's `required` check without JS; ignored with JS),
 * and with JS the box clears after searching. With JS, its first focus loads the
 * suggestions (SearchSuggestions.tsx, a combobox over this input): no page carries
 * that code in its first scripts.
 */
function HeaderSearch() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const loading = useRef(false);
  const [Suggestions, setSuggestions] = useState<SuggestionsView | null>(null);
  const loadSuggestions = () => {
    if (loading.current) return;
    loading.current = true;
    import("./SearchSuggestions").then(
      (module) => setSuggestions(() => module.SearchSuggestions),
      () => {
        loading.current = false; // offline: the next focus tries again
      },
    );
  };
  return (
    <Form
      method="get"
      action="/productos"
      role="search"
      className="header-search"
      noValidate={hydrated}
      onSubmit={(event) => {
        event.preventDefault();
        const input = event.currentTarget.elements.namedItem("search") as HTMLInputElement;
        const term = input.value.trim();
        if (!term) return;
        input.value = "";
        input.blur();
        navigate(`/productos?${new URLSearchParams({ search: term })}`);
      }}
    >
      <label htmlFor="header-search" className="visually-hidden">
        Buscar productos
      </label>
      <input
        ref={inputRef}
        onFocus={loadSuggestions}
        id="header-search"
        type="search"
        name="search"
        placeholder="Buscar productos..."
        required
        pattern=".*\S.*"
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" aria-label="Buscar">
        <Icon name="search" />
      </button>
      {Suggestions ? <Suggestions inputRef={inputRef} /> : null}
    </Form>
  );
}
