import { type ReactNode, startTransition, useEffect, useRef, useState } from "react";

/**
 * Draws `children` only when its place comes near the screen (`margen` ahead of it), keeping that
 * place `alto` pixels high until then: a heavy drawing below the fold — the charts of the board's
 * home — costs nothing to a phone that never scrolls down to it, and is drawn, as a transition,
 * when someone does. Without IntersectionObserver it draws at once.
 */
export function AlVerse({
  alto,
  margen = "300px",
  children,
}: {
  alto: number;
  margen?: string;
  children: ReactNode;
}) {
  const sitio = useRef<HTMLDivElement>(null);
  const [visto, setVisto] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const elemento = sitio.current;
    if (visto || !elemento) return;
    const observador = new IntersectionObserver(
      (entradas) => {
        if (!entradas.some((e) => e.isIntersecting)) return;
        observador.disconnect();
        startTransition(() => setVisto(true));
      },
      { rootMargin: margen },
    );
    observador.observe(elemento);
    return () => observador.disconnect();
  }, [visto, margen]);
  return (
    <div ref={sitio} style={{ minHeight: alto }} data-al-verse={visto ? "dibujado" : "pendiente"}>
      {visto ? children : null}
    </div>
  );
}
