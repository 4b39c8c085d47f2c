// A business photo that hides itself when broken: before hydration (checked on mount), after it (onError), and
// without JavaScript (the broken image draws the placeholder over its broken-image icon, see below).
import { useEffect, useRef, useState } from "react";

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? "")
    .join("");
}

function Placeholder({ name }: { name: string }) {
  return (
    <div className="absolute inset-0 grid place-items-center bg-gradient-to-br from-brand-100 via-brand-50 to-indigo-100" aria-hidden="true">
      <span className="text-4xl font-bold tracking-tight text-brand-700/70">{initialsOf(name)}</span>
    </div>
  );
}

// NOTE: an <img> only renders ::before while it is broken (Chromium, Firefox): that pseudo-element repeats the
// placeholder on top of the broken-image icon and border Chromium draws even for alt="", which no script hides
// when JavaScript is off. A loaded photo never shows it.
const BROKEN_IMAGE_COVER =
  "before:absolute before:inset-0 before:grid before:place-items-center before:bg-gradient-to-br before:from-brand-100 before:via-brand-50 before:to-indigo-100 before:text-4xl before:font-bold before:tracking-tight before:text-brand-700/70 before:content-[attr(data-initials)]";

export function BusinessPhoto({ src, name }: { src: string | null; name: string }) {
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // NOTE: the image may have failed before React attached onError; a finished load with no pixels is broken too.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, []);
  const showsImage = Boolean(src) && !broken;
  // Without a usable photo, phones skip the placeholder: the name and actions matter more on a small screen.
  return (
    <div className={`relative w-full overflow-hidden rounded-xl bg-slate-100 md:block md:aspect-square ${showsImage ? "aspect-[16/10]" : "hidden"}`}>
      <Placeholder name={name} />
      {showsImage && src ? (
        <img
          ref={image}
          src={src}
          alt=""
          decoding="async"
          referrerPolicy="no-referrer"
          className={`absolute inset-0 h-full w-full object-cover ${BROKEN_IMAGE_COVER}`}
          data-initials={initialsOf(name)}
          onError={() => setBroken(true)}
          data-testid="business-photo"
        />
      ) : null}
    </div>
  );
}
