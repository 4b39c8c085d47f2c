// A business photo (and the gallery of further ones) that shows the initials placeholder when broken: before hydration
// (checked on mount), after it (onError), and without JavaScript (the broken image draws the placeholder, see below).
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

// NOTE: the tile's cover has no initials: generated text inside a link joins its accessible name ("GT Photo 1 of 7").
const BROKEN_TILE_COVER =
  "before:absolute before:inset-0 before:bg-gradient-to-br before:from-brand-100 before:via-brand-50 before:to-indigo-100 before:content-['']";

/** One gallery tile: a square box sized before the image arrives, fetched only near the viewport. */
function GalleryPhoto({ src, name, index, total }: { src: string; name: string; index: number; total: number }) {
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, []);
  return (
    <a
      href={src}
      target="_blank"
      rel="noopener noreferrer"
      referrerPolicy="no-referrer"
      className="relative block aspect-square overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      data-testid="gallery-photo"
    >
      <Placeholder name={name} />
      {broken ? null : (
        <img
          ref={image}
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          width={240}
          height={240}
          className={`absolute inset-0 h-full w-full object-cover ${BROKEN_TILE_COVER}`}
          onError={() => setBroken(true)}
        />
      )}
      <span className="sr-only">
        Photo {index + 1} of {total} (opens in a new tab)
      </span>
    </a>
  );
}

/** The further photos under the header: a grid of links that open each photo; nothing when there are none. */
export function PhotoGallery({ photos, name }: { photos: readonly string[]; name: string }) {
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="photos-heading" className="card p-5 sm:p-6">
      <h2 id="photos-heading" className="text-lg font-semibold tracking-tight text-slate-900">
        Photos
      </h2>
      <ul className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {photos.map((src, index) => (
          <li key={src} className="min-w-0">
            <GalleryPhoto src={src} name={name} index={index} total={photos.length} />
          </li>
        ))}
      </ul>
    </section>
  );
}
