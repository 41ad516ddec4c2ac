/** What a media tab opens on when linked from elsewhere (an Assets row, the page's address): an asset name and a step. */
export interface MediaFocus {
  readonly name?: string;
  readonly step?: number;
}

/** What every media tab of the run page is given: the run, and what to open on. */
export interface MediaTabProps {
  readonly experimentKey: string;
  readonly focus?: MediaFocus;
}
