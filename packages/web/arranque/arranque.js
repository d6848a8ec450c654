// First paint, before any script of the app has arrived: a still picture of the page that is
// coming (the header and the greeting for a signed-in person, the sign-in card otherwise),
// drawn from this document alone. On a phone's connection the app's code takes seconds; this
// takes the HTML. The app removes it (src/app/arranque.ts) in the same frame in which its own
// page appears; if the app never starts, it goes after a while so that nothing stays hidden.
// Inlined into index.html by vite.config.ts, after `var DATOS_ARRANQUE = {…}` (each language's
// few texts, from its texts file, and each role's home); the server allows it in its
// Content-Security-Policy by its hash. The language is the device's (localStorage `idioma`, as
// src/lib/i18n.ts reads it), so that the app's page replaces it with the same words.
(() => {
  const capa = document.getElementById("arranque");
  if (!capa) return;
  const todos = typeof DATOS_ARRANQUE === "object" ? DATOS_ARRANQUE : {};
  const textos = todos.textos || {};
  let usuario = null;
  let idioma = null;
  try {
    idioma = localStorage.getItem("idioma");
    if (localStorage.getItem("token")) usuario = JSON.parse(localStorage.getItem("user") || "null");
  } catch (_e) {
    usuario = null;
  }
  const datos = textos[idioma] || textos[todos.idiomaPorDefecto || "es"] || {};
  if (datos.lang) document.documentElement.lang = datos.lang;
  const ruta = (location.hash.replace(/^#\/?/, "").split(/[/?]/)[0] || "").toLowerCase();
  const homes = todos.homes || {};

  function elemento(etiqueta, clase, texto) {
    const e = document.createElement(etiqueta);
    e.className = clase;
    if (texto) e.textContent = texto;
    return e;
  }
  /** As src/features/push/web-push.ts decides whether to invite (pushDescartada: closed). */
  function avisoPush() {
    try {
      return (
        "serviceWorker" in navigator &&
        "PushManager" in window &&
        "Notification" in window &&
        Notification.permission === "default" &&
        localStorage.getItem("pushDescartada") !== "si"
      );
    } catch (_e) {
      return false;
    }
  }
  function barras(padre, anchos) {
    for (const ancho of anchos) {
      const b = elemento("div", "arr-barra");
      b.style.width = ancho;
      padre.appendChild(b);
    }
  }

  if (usuario && typeof usuario.nombre === "string" && homes[usuario.rol]) {
    const cabecera = elemento("div", "arr-cabecera");
    cabecera.appendChild(elemento("span", "arr-icono"));
    cabecera.appendChild(elemento("span", "arr-asociacion", datos.app));
    capa.appendChild(cabecera);
    const cuerpo = elemento("div", "arr-cuerpo");
    const home = homes[usuario.rol];
    if (ruta === "" || ruta === "login" || ruta === home) {
      cuerpo.appendChild(
        elemento("h1", "arr-saludo", (datos.saludo || "").replace("{{nombre}}", usuario.nombre)),
      );
      barras(cuerpo, ["8rem"]);
      // The home's introduction, as the page writes it: on a phone it is often the largest text
      // of the first screen, so the largest paint is this document's, not the app's.
      const intro = datos.intros?.[usuario.rol];
      if (intro) cuerpo.appendChild(elemento("p", "arr-intro", intro));
      else barras(cuerpo, ["70%"]);
      // The invitation to turn on notifications (src/features/push/activar-notificaciones.tsx),
      // when the page will show it: its text is as large as the introduction.
      if (avisoPush() && datos.push) {
        const aviso = elemento("div", "arr-aviso");
        aviso.appendChild(elemento("p", "arr-aviso-titulo", datos.push.titulo));
        aviso.appendChild(elemento("p", "arr-aviso-texto", datos.push.texto));
        barras(aviso, ["7rem"]);
        cuerpo.appendChild(aviso);
      }
      cuerpo.appendChild(elemento("div", "arr-tarjeta"));
    } else {
      barras(cuerpo, ["60%", "90%", "75%"]);
    }
    capa.appendChild(cuerpo);
  } else {
    capa.className = "arr-publica";
    const tarjeta = elemento("div", "arr-login");
    if (!(todos.paginasSinLogin || []).includes(ruta)) {
      tarjeta.appendChild(elemento("span", "arr-icono arr-icono-grande"));
      tarjeta.appendChild(elemento("h1", "arr-titulo", datos.app));
      tarjeta.appendChild(elemento("p", "arr-subtitulo", datos.subtitulo));
      barras(tarjeta, ["100%", "100%", "100%"]);
    } else {
      barras(tarjeta, ["60%", "90%", "75%"]);
    }
    capa.appendChild(tarjeta);
  }
  // Never longer than this, even if the app fails to start: its own error page must show.
  setTimeout(() => {
    if (capa.parentNode) capa.parentNode.removeChild(capa);
  }, 10000);
})();
