/**
 * Search as you type (docs/requirements.md#catalogue): turns the header's search box into an ARIA
 * 1.2 combobox with a listbox of suggestions. Loaded with `import()` the first time the box gets
 * the focus (app/components/SiteHeader.tsx), so no page carries it in its first scripts.
 *
 * The box itself stays SiteHeader's plain GET form: this component adds the combobox's attributes
 * and its keys to that input, and draws the listbox and a polite live region beside it. Arrow keys
 * move through the options, Enter on one opens its product (Enter without one submits the form, the
 * full search), Escape closes the list and a second Escape clears the box. After the products, a
 * last option is a link to the search results page ('Ver todos los resultados para “…”').
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useLocation, useNavigate } from "react-router";
import { Price } from "#app/components/Price.tsx";
import {
  SUGGESTIONS_PATH,
  allResultsHref,
  allResultsText,
  suggestionCountText,
  suggestionQuery,
  wantsSuggestions,
  type Suggestion,
  type SuggestionsAnswer,
} from "#domain/search-suggestions.ts";

/** Time without typing before asking: a phone's typist makes a request per pause, not per letter. */
const DEBOUNCE_MS = 150;
/** Answers kept in the page (deleting a letter shows the earlier answer at once), for as long as the route lets browsers keep them. */
const KEPT_ANSWERS = 30;
const KEPT_MS = 60_000;

const LISTBOX_ID = "header-search-listbox";
const optionId = (index: number) => `header-search-option-${index}`;

const NO_ITEMS: Suggestion[] = [];

interface Shown {
  query: string;
  items: Suggestion[];
}

export function SearchSuggestions({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const kept = useRef(new Map<string, { items: Suggestion[]; at: number }>());
  const sequence = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Forgets any request under way or waiting: its answer, when it comes, is dropped. */
  const cancelPending = useCallback(() => {
    sequence.current++;
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);

  const show = useCallback((query: string, items: Suggestion[]) => {
    setShown({ query, items });
    setOpen(true);
    setActive(-1);
    // A no-break space alternates at the end, so the same count said again is a change the screen reader announces.
    setStatus((said) => `${suggestionCountText(items.length)}${said.endsWith("\u00a0") ? "" : "\u00a0"}`);
  }, []);

  const ask = useCallback(
    (query: string) => {
      cancelPending();
      const known = kept.current.get(query);
      if (known && Date.now() - known.at < KEPT_MS) return show(query, known.items);
      const mine = sequence.current;
      timer.current = setTimeout(() => {
        const controller = new AbortController();
        inFlight.current = controller;
        fetch(`${SUGGESTIONS_PATH}?${new URLSearchParams({ q: query })}`, { signal: controller.signal })
          .then((response) => (response.ok ? (response.json() as Promise<SuggestionsAnswer>) : null))
          .then((answer) => {
            if (mine !== sequence.current) return; // a later keystroke asked again
            inFlight.current = null;
            if (!answer) return close();
            kept.current.delete(query);
            kept.current.set(query, { items: answer.suggestions, at: Date.now() });
            if (kept.current.size > KEPT_ANSWERS) kept.current.delete(kept.current.keys().next().value as string);
            show(query, answer.suggestions);
          })
          .catch(() => {
            // Aborted, offline or a broken answer: no suggestions; the form's full search still works.
            if (mine === sequence.current) close();
          });
      }, DEBOUNCE_MS);
    },
    [cancelPending, close, show],
  );

  const items = shown?.items ?? NO_ITEMS;
  const expanded = open && items.length > 0;
  // The options: the products, then the link to every result (only under products).
  const allHref = shown && items.length > 0 ? allResultsHref(shown.query) : null;
  const hrefs = useMemo(() => (allHref ? [...items.map((item) => item.href), allHref] : []), [items, allHref]);

  const choose = useCallback(
    (href: string) => {
      const input = inputRef.current;
      cancelPending();
      close();
      setShown(null);
      setStatus("");
      if (input) {
        input.value = "";
        input.blur();
      }
      void navigate(href);
    },
    [cancelPending, close, inputRef, navigate],
  );

  // The combobox's fixed attributes, once, on the header's input.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", LISTBOX_ID);
    return () => {
      for (const name of ["role", "aria-autocomplete", "aria-controls", "aria-expanded", "aria-activedescendant"])
        input.removeAttribute(name);
    };
  }, [inputRef]);

  // Its state: whether the list is showing, and which option is active.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.setAttribute("aria-expanded", String(expanded));
    if (expanded && active >= 0) input.setAttribute("aria-activedescendant", optionId(active));
    else input.removeAttribute("aria-activedescendant");
  }, [inputRef, expanded, active]);

  // Typing asks (or empties the list); the keys move, choose, close and clear.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const onInput = () => {
      const query = suggestionQuery(input.value);
      if (wantsSuggestions(query)) return ask(query);
      cancelPending();
      close();
      setShown(null);
      setStatus("");
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
      const count = hrefs.length;
      switch (event.key) {
        case "ArrowDown":
        case "ArrowUp": {
          // Closed, the arrows open the list only if it answers what the box holds now.
          if (count === 0 || (!expanded && shown?.query !== suggestionQuery(input.value))) return;
          event.preventDefault();
          const down = event.key === "ArrowDown";
          if (!expanded) {
            setOpen(true);
            setActive(down ? 0 : count - 1);
          } else {
            setActive((current) => (down ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
          }
          return;
        }
        case "Enter": {
          const href = expanded && active >= 0 ? hrefs[active] : undefined;
          if (!href) {
            cancelPending();
            close();
            return; // the form's own submit: the full search
          }
          event.preventDefault();
          choose(href);
          return;
        }
        case "Escape":
          event.preventDefault();
          if (open) return close();
          cancelPending();
          input.value = "";
          setShown(null);
          setStatus("");
          return;
        case "Tab":
          close();
          return;
      }
    };
    const onBlur = () => close();
    input.addEventListener("input", onInput);
    input.addEventListener("keydown", onKeyDown);
    input.addEventListener("blur", onBlur);
    return () => {
      input.removeEventListener("input", onInput);
      input.removeEventListener("keydown", onKeyDown);
      input.removeEventListener("blur", onBlur);
    };
  }, [inputRef, shown, hrefs, open, expanded, active, ask, cancelPending, close, choose]);

  // Text typed while this module was loading is asked for at once.
  useEffect(() => {
    const query = suggestionQuery(inputRef.current?.value ?? "");
    if (wantsSuggestions(query)) ask(query);
  }, [inputRef, ask]);

  // A navigation (the full search, a link) closes the list.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    cancelPending();
    close();
  }, [location.key, cancelPending, close]);

  // The active option stays in view when the list scrolls (a short phone screen).
  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [expanded, active]);

  return (
    <>
      <ul id={LISTBOX_ID} role="listbox" aria-label="Sugerencias" className="search-suggestions" hidden={!expanded}>
        {items.map((item, index) => (
          <li
            key={item.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="search-suggestion"
            // The focus stays in the box; a tap or a click opens the product.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item.href)}
          >
            {item.image ? (
              <img src={item.image} alt="" width={36} height={50} loading="lazy" decoding="async" />
            ) : (
              <span className="search-suggestion-image" aria-hidden="true" />
            )}
            <span className="search-suggestion-text">
              <span className="search-suggestion-name">{item.name}</span>
              {/* What tells reprints of one name apart: the expansion, the number and the rarity. */}
              <span className="search-suggestion-meta">{[item.expansion, item.cardNumber, item.rarity].filter(Boolean).join(" · ")}</span>
              {item.soldOut ? <span className="search-suggestion-soldout">Agotado</span> : null}
            </span>
            <Price
              price={item.regularPriceCents / 100}
              salePrice={item.priceCents < item.regularPriceCents ? item.priceCents / 100 : null}
              from={item.priceVaries}
              className="search-suggestion-price"
            />
          </li>
        ))}
        {allHref && shown ? (
          <li role="none" className="search-suggestions-all">
            {/* A real link (a middle click opens a tab); the focus stays in the box, so it is out of the tab order. */}
            <a
              href={allHref}
              id={optionId(items.length)}
              role="option"
              aria-selected={active === items.length}
              tabIndex={-1}
              className="search-suggestion search-suggestion-all"
              onMouseDown={(event) => event.preventDefault()}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                choose(allHref);
              }}
            >
              {allResultsText(shown.query)}
            </a>
          </li>
        ) : null}
      </ul>
      {open && shown && shown.items.length === 0 ? (
        <p className="search-suggestions search-suggestions-empty" aria-hidden="true">
          Sin sugerencias
        </p>
      ) : null}
      <p role="status" className="visually-hidden" id="header-search-status">
        {status}
      </p>
    </>
  );
}
