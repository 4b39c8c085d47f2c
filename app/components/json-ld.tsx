// Structured data object → an inert <script type="application/ld+json"> (escaped so page text cannot break out).
import { serializeJsonLd } from "~/utils/seo";

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
