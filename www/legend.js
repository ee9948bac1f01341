// The legend under the solver: what each colour and shape on the grid means, in a disclosure.

const LEGEND = `
  <details class="legend" data-control="legend" part="legend">
    <summary>Legend</summary>
    <ul>
      <li><span class="swatch given">5</span>Given</li>
      <li><span class="swatch yours">5</span>Yours</li>
      <li><span class="swatch deduced">5</span>Placed by logic</li>
      <li><span class="swatch guess">5<sup>1</sup></span>Guess, at its depth</li>
      <li><span class="swatch deduced under">5<sup>1</sup></span>Placed under a guess</li>
      <li><span class="swatch step"></span>Cells of the step</li>
      <li><span class="swatch house"></span>House of the step</li>
      <li><span class="swatch witness">7</span>Digit that proves a single</li>
      <li><span class="swatch covered"></span>Cell it rules that digit out of</li>
      <li><span class="swatch cand elim">3</span>Candidate eliminated</li>
      <li><span class="swatch cand restored">3</span>Candidate restored</li>
      <li><span class="swatch cand pattern">3</span>Pattern candidate</li>
      <li><span class="swatch cand fin">3</span>Fin</li>
      <li><span class="swatch arrow"><svg viewBox="0 0 1 1" aria-hidden="true"><path class="link strong" d="M0.15 0.5H0.85"/></svg></span>Strong link: if the first is false, the second is true</li>
      <li><span class="swatch arrow"><svg viewBox="0 0 1 1" aria-hidden="true"><path class="link weak" d="M0.15 0.5H0.85"/></svg></span>Weak link: if the first is true, the second is false</li>
      <li><span class="swatch cand chain-on">3</span>Chain walked: made true here</li>
      <li><span class="swatch cand chain-off">3</span>Chain walked: made false here</li>
      <li><span class="swatch contradiction"></span>Dead end</li>
      <li><span class="swatch fault"></span>At fault / differs</li>
    </ul>
  </details>`;

/** Mounts the legend (closed) at the end of `host`. */
export function mountLegend(host) {
  host.insertAdjacentHTML('beforeend', LEGEND);
}
