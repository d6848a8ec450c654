import { type ReactNode, startTransition, useEffect, useRef, useState } from "react";

/**
 * Draws `children` only when its place comes near the screen (`margen` ahead of it), keeping that
 * place `alto` pixels high until then: a heavy drawing below the fold — the charts of the board's
 * home, the lower sections of the member homes — costs nothing to a phone that never scrolls down
 * to it, and is drawn, as a transition, when someone does. Without IntersectionObserver it draws
 * at once. With `conTeclado`, the first key pressed on the page draws it too: someone who moves
 * with the keyboard (Tab) finds its links there before focus reaches the end of what is drawn.
 * `marcador` is shown in the kept place until then: a screen reader that reads the page in order
 * reaches it and scrolls to it, which draws what it stands for.
 */
export function AlVerse({
  alto,
  margen = "300px",
  conTeclado = false,
  marcador = null,
  children,
}: {
  alto: number;
  margen?: string;
  conTeclado?: boolean;
  marcador?: ReactNode;
  children: ReactNode;
}) {
  const sitio = useRef<HTMLDivElement>(null);
  const [visto, setVisto] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const elemento = sitio.current;
    if (visto || !elemento) return;
    const dibujar = () => {
      observador.disconnect();
      if (conTeclado) document.removeEventListener("keydown", dibujar, true);
      startTransition(() => setVisto(true));
    };
    const observador = new IntersectionObserver(
      (entradas) => {
        if (entradas.some((e) => e.isIntersecting)) dibujar();
      },
      { rootMargin: margen },
    );
    observador.observe(elemento);
    if (conTeclado) document.addEventListener("keydown", dibujar, true);
    return () => {
      observador.disconnect();
      document.removeEventListener("keydown", dibujar, true);
    };
  }, [visto, margen, conTeclado]);
  return (
    <div ref={sitio} style={{ minHeight: alto }} data-al-verse={visto ? "dibujado" : "pendiente"}>
      {visto ? children : marcador}
    </div>
  );
}
