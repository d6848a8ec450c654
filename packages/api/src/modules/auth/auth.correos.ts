import type { Idioma } from "@fila/domain";
import type { Correo } from "../../services/mail.js";

/** Who a mail goes to: the account's language decides the mail's (Spanish by default). */
type Destinatario = { email: string; nombre: string; idioma?: Idioma };

const saludoDe = (c: Destinatario) => (c.nombre ? `Hola, ${c.nombre}:` : "Hola:");
const FIRMA_VA = ["Una salutació,", "La junta de la Filà"] as const;

function escaparHtml(texto: string): string {
  return texto.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function correoRestablecer(cuenta: Destinatario, enlace: string): Correo {
  if (cuenta.idioma === "va") return correoRestablecerVa(cuenta, enlace);
  const saludo = saludoDe(cuenta);
  const texto = [
    saludo,
    "",
    "Hemos recibido una petición para restablecer la contraseña de tu cuenta en la Filà.",
    "Para elegir una contraseña nueva, abre este enlace (sirve una sola vez y caduca en una hora):",
    "",
    enlace,
    "",
    "Si no has sido tú, ignora este correo: tu contraseña no cambiará.",
    "",
    "Un saludo,",
    "La junta de la Filà",
  ].join("\n");
  const html = `<p>${escaparHtml(saludo)}</p>
<p>Hemos recibido una petición para restablecer la contraseña de tu cuenta en la Filà.</p>
<p><a href="${escaparHtml(enlace)}">Elegir una contraseña nueva</a></p>
<p>El enlace sirve una sola vez y caduca en una hora. Si no has sido tú, ignora este correo: tu contraseña no cambiará.</p>
<p>Un saludo,<br>La junta de la Filà</p>`;
  return { para: cuenta.email, asunto: "Restablecer tu contraseña", texto, html };
}

export function correoInvitacion(cuenta: Destinatario, enlace: string): Correo {
  if (cuenta.idioma === "va") return correoInvitacionVa(cuenta, enlace);
  const saludo = saludoDe(cuenta);
  const texto = [
    saludo,
    "",
    "La junta de la Filà te ha creado una cuenta para entrar en la aplicación de la filà",
    `con este correo (${cuenta.email}).`,
    "Para activarla y elegir tu contraseña, abre este enlace (sirve una sola vez y caduca en 7 días):",
    "",
    enlace,
    "",
    "Si no esperabas este correo, ignóralo: sin elegir una contraseña nadie podrá entrar con tu cuenta.",
    "",
    "Un saludo,",
    "La junta de la Filà",
  ].join("\n");
  const html = `<p>${escaparHtml(saludo)}</p>
<p>La junta de la Filà te ha creado una cuenta para entrar en la aplicación de la filà con este correo (${escaparHtml(cuenta.email)}).</p>
<p><a href="${escaparHtml(enlace)}">Activar la cuenta y elegir la contraseña</a></p>
<p>El enlace sirve una sola vez y caduca en 7 días. Si no esperabas este correo, ignóralo: sin elegir una contraseña nadie podrá entrar con tu cuenta.</p>
<p>Un saludo,<br>La junta de la Filà</p>`;
  return { para: cuenta.email, asunto: "Activa tu cuenta de la Filà", texto, html };
}

export function correoTotpRestablecido(cuenta: Destinatario, administrador: string): Correo {
  if (cuenta.idioma === "va") return correoTotpRestablecidoVa(cuenta, administrador);
  const saludo = saludoDe(cuenta);
  const quien = administrador || "Un administrador";
  const texto = [
    saludo,
    "",
    `${quien} ha quitado la verificación en dos pasos de tu cuenta en la Filà.`,
    "Desde ahora entras solo con tu contraseña; tus códigos de recuperación ya no sirven.",
    "Puedes volver a activarla desde tu inicio, en «Verificación en dos pasos».",
    "",
    "Si no lo habías pedido, avisa a la junta cuanto antes.",
    "",
    "Un saludo,",
    "La junta de la Filà",
  ].join("\n");
  const html = `<p>${escaparHtml(saludo)}</p>
<p>${escaparHtml(quien)} ha quitado la verificación en dos pasos de tu cuenta en la Filà.</p>
<p>Desde ahora entras solo con tu contraseña; tus códigos de recuperación ya no sirven. Puedes volver a activarla desde tu inicio, en «Verificación en dos pasos».</p>
<p>Si no lo habías pedido, avisa a la junta cuanto antes.</p>
<p>Un saludo,<br>La junta de la Filà</p>`;
  return { para: cuenta.email, asunto: "Verificación en dos pasos quitada", texto, html };
}

// The same mails in Valencian (issue 38).

function correoRestablecerVa(cuenta: Destinatario, enlace: string): Correo {
  const saludo = saludoDe(cuenta);
  const texto = [
    saludo,
    "",
    "Hem rebut una petició per a restablir la contrasenya del teu compte en la Filà.",
    "Per a triar una contrasenya nova, obri este enllaç (servix una sola vegada i caduca d'ací a una hora):",
    "",
    enlace,
    "",
    "Si no has sigut tu, no faces cas d'este correu: la teua contrasenya no canviarà.",
    "",
    ...FIRMA_VA,
  ].join("\n");
  const html = `<p>${escaparHtml(saludo)}</p>
<p>Hem rebut una petició per a restablir la contrasenya del teu compte en la Filà.</p>
<p><a href="${escaparHtml(enlace)}">Triar una contrasenya nova</a></p>
<p>L'enllaç servix una sola vegada i caduca d'ací a una hora. Si no has sigut tu, no faces cas d'este correu: la teua contrasenya no canviarà.</p>
<p>${FIRMA_VA[0]}<br>${FIRMA_VA[1]}</p>`;
  return { para: cuenta.email, asunto: "Restablir la teua contrasenya", texto, html };
}

function correoInvitacionVa(cuenta: Destinatario, enlace: string): Correo {
  const saludo = saludoDe(cuenta);
  const texto = [
    saludo,
    "",
    "La junta de la Filà t'ha creat un compte per a entrar en l'aplicació de la filà",
    `amb este correu (${cuenta.email}).`,
    "Per a activar-lo i triar la teua contrasenya, obri este enllaç (servix una sola vegada i caduca d'ací a 7 dies):",
    "",
    enlace,
    "",
    "Si no esperaves este correu, no en faces cas: sense triar una contrasenya ningú no podrà entrar amb el teu compte.",
    "",
    ...FIRMA_VA,
  ].join("\n");
  const html = `<p>${escaparHtml(saludo)}</p>
<p>La junta de la Filà t'ha creat un compte per a entrar en l'aplicació de la filà amb este correu (${escaparHtml(cuenta.email)}).</p>
<p><a href="${escaparHtml(enlace)}">Activar el compte i triar la contrasenya</a></p>
<p>L'enllaç servix una sola vegada i caduca d'ací a 7 dies. Si no esperaves este correu, no en faces cas: sense triar una contrasenya ningú no podrà entrar amb el teu compte.</p>
<p>${FIRMA_VA[0]}<br>${FIRMA_VA[1]}</p>`;
  return { para: cuenta.email, asunto: "Activa el teu compte de la Filà", texto, html };
}

function correoTotpRestablecidoVa(cuenta: Destinatario, administrador: string): Correo {
  const saludo = saludoDe(cuenta);
  const quien = administrador || "Un administrador";
  const texto = [
    saludo,
    "",
    `${quien} ha llevat la verificació en dos passos del teu compte en la Filà.`,
    "Des d'ara entres només amb la teua contrasenya; els teus codis de recuperació ja no servixen.",
    "Pots tornar a activar-la des del teu inici, en «Verificació en dos passos».",
    "",
    "Si no ho havies demanat, avisa la junta com més prompte millor.",
    "",
    ...FIRMA_VA,
  ].join("\n");
  const html = `<p>${escaparHtml(saludo)}</p>
<p>${escaparHtml(quien)} ha llevat la verificació en dos passos del teu compte en la Filà.</p>
<p>Des d'ara entres només amb la teua contrasenya; els teus codis de recuperació ja no servixen. Pots tornar a activar-la des del teu inici, en «Verificació en dos passos».</p>
<p>Si no ho havies demanat, avisa la junta com més prompte millor.</p>
<p>${FIRMA_VA[0]}<br>${FIRMA_VA[1]}</p>`;
  return { para: cuenta.email, asunto: "Verificació en dos passos llevada", texto, html };
}

/** The proof link of an account whose two-factor codes came from another installation. */
export function correoPruebaTotp(cuenta: Destinatario, enlace: string): Correo {
  const t = TEXTOS_PRUEBA_TOTP[cuenta.idioma ?? "es"];
  const saludo = saludoDe(cuenta);
  const texto = [saludo, "", t.motivo, t.abre, "", enlace, "", t.siNo, "", ...t.firma].join("\n");
  const html = `<p>${escaparHtml(saludo)}</p>
<p>${escaparHtml(t.motivo)}</p>
<p><a href="${escaparHtml(enlace)}">${escaparHtml(t.boton)}</a></p>
<p>${escaparHtml(t.abre)} ${escaparHtml(t.siNo)}</p>
<p>${t.firma[0]}<br>${t.firma[1]}</p>`;
  return { para: cuenta.email, asunto: t.asunto, texto, html };
}

const TEXTOS_PRUEBA_TOTP = {
  es: {
    asunto: "Vuelve a activar la verificación en dos pasos",
    motivo:
      "Los datos de la Filà se han restaurado de una copia de otra instalación y tu verificación en dos pasos anterior ya no vale.",
    abre: "Para activarla con tu aplicación de nuevo, abre este enlace en el navegador donde has entrado (sirve una sola vez y caduca en 30 minutos):",
    boton: "Volver a activar la verificación en dos pasos",
    siNo: "Si no has sido tú quien ha entrado, alguien conoce tu contraseña: no abras el enlace y avisa a la junta.",
    firma: ["Un saludo,", "La junta de la Filà"],
  },
  va: {
    asunto: "Torna a activar la verificació en dos passos",
    motivo:
      "Les dades de la Filà s'han restaurat d'una còpia d'una altra instal·lació i la teua verificació en dos passos anterior ja no val.",
    abre: "Per a activar-la de nou amb la teua aplicació, obri este enllaç en el navegador on has entrat (servix una sola vegada i caduca en 30 minuts):",
    boton: "Tornar a activar la verificació en dos passos",
    siNo: "Si no has sigut tu qui ha entrat, algú coneix la teua contrasenya: no obrigues l'enllaç i avisa la junta.",
    firma: FIRMA_VA,
  },
} as const;
