import { LOCATION_SUGGESTIONS } from '@jamii/shared';

/**
 * Kenya's counties and major towns offered while a location is typed (docs/features/phones-and-places.md): a `<datalist>`,
 * so any other place may still be written (the specified validation rules's location rule applies to both). Give its id to
 * the input's `list`.
 */
export function LocationSuggestions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {LOCATION_SUGGESTIONS.map((place) => (
        <option key={place} value={place} />
      ))}
    </datalist>
  );
}
