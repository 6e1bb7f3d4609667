package org.fabricsim.runtime.network;

/**
 * How a real fabric runs a contended bottleneck below its capacity (congestion control's
 * convergence and sawtooth, drops and retransmissions, reordering): {@link MaxMinNetwork} asks it
 * for the capacity factor of every link that its ideal max-min solve saturates with two flows or
 * more, given the link's overload, and re-solves with the derated capacities. A link that is not
 * saturated keeps its full capacity; one that a single flow saturates keeps it too unless the model
 * paces a lone flow below line rate ({@link #loneFlowCapacityFactor}: HPCC's target utilisation), so a
 * fabric without contention runs exactly as the ideal, or at that factor.
 *
 * <p>The overload ρ of a link is what its flows' senders offer it over its capacity: Σ_f w_f·o_f
 * / c, where o_f, the rate flow f's sender offers, is its share c₀/W₀ of its first link (the
 * sender's NIC). k senders of one flow each converging on a link of their own rate offer ρ = k (an
 * incast of degree k); the flows of an all-to-all arriving at a receiver already spread over its
 * senders' NICs offer ρ ≈ 1, no congestion.
 *
 * <p>The flows per sender m of a link are its flows over the distinct senders (first links) among
 * them: Σ_f w_f / |{first link of f}|, at least 1. Congestion control acts per flow while a NIC
 * serves all its flows, so the same overload from more flows per sender can run a bottleneck closer
 * to capacity (an incast of k senders of one flow each has m = 1; an all-to-all's uplink carries
 * several flows of every sender behind it).
 *
 * <p>The path length of a link is its flows' mean number of links, Σ_f w_f·L_f / Σ_f w_f: congestion
 * control learns of a queue one round trip after it built, and the round trip grows with the path.
 *
 * <p>A contention episode of a link begins when a solve first finds it saturated by two flows or more
 * and ends when one finds it otherwise; its bytes R are what the link's flows had left to send when
 * it began (Σ_f w_f·remaining_f). A delay per episode (a drop's retransmission timeout) is charged as
 * a factor that depends on R, and R stays the episode's at every re-solve inside it, so the delay is
 * charged once, however many completions and arrivals re-solve the link meanwhile. Its bytes per sender are R
 * over the distinct senders of the link's flows when it began: how long a transfer the control's transient
 * plays out over. Its input links are the distinct links its flows arrive on at the link's sending switch (none
 * for flows that start on the link): the ingress ports whose buffers backpressure fills before it stops their
 * senders, so the queue the link's switch admits grows with them.
 */
public interface ContentionModel {
    /**
     * The share of its capacity {@code link} delivers when it is saturated by two flows or more
     * offering it {@code overload} times its capacity, {@code flowsPerSender} flows per distinct
     * sender over paths of {@code pathLinks} links on average, in a contention episode that brought it
     * {@code episodeBytes}, {@code episodeBytesPerSender} from each of its distinct senders on average, its flows
     * arriving over {@code inputLinks} distinct links, in (0, 1].
     * A function of its arguments: the flow model asks again only when one of them changed.
     */
    double saturatedCapacityFactor(int link, double overload, double flowsPerSender, double pathLinks,
            double episodeBytesPerSender, double episodeBytes, int inputLinks);

    /**
     * A lower bound of every factor {@link #saturatedCapacityFactor} (times {@link #sharedInputFactor}) and {@link
     * #loneFlowCapacityFactor} return, of the head-of-line factors where {@link #backlogBufferBytes} is finite, and of {@link
     * ChoiceHashing#capacityFactor} where {@link #choiceHashing} is not null.
     */
    double smallestFactor();

    /**
     * A lower bound of every factor a saturated link's reading gives besides head-of-line blocking's: {@link
     * #saturatedCapacityFactor} times {@link #sharedInputFactor}, {@link #inheritedCapacityFactor} and {@link
     * ChoiceHashing#capacityFactor} where {@link #choiceHashing} is not null, and of {@link #loneFlowCapacityFactor};
     * {@link #smallestFactor} (the default) bounds them. Above 1 − ε only head-of-line blocking can derate a saturated
     * link, so the flow model reads the rest only where blocking's own factor leaves it a say ({@code
     * ContentionDerating}).
     */
    default double smallestReadingFactor() {
        return smallestFactor();
    }

    /**
     * The share of its capacity {@code link} delivers when one flow alone saturates it (the ideal solve gives it
     * the link's whole capacity), in (0, 1]: 1 (the default) where the flow's sender runs at line rate, less under
     * a congestion control that paces a flow below its own bottleneck's capacity with nothing to contend with
     * (HPCC's target utilisation η). A function of the link and of the flows on every link ({@code flowsOnLink},
     * multiplicity-weighted, as the solve holds them: its siblings' may tell what a hashed choice among them does).
     */
    default double loneFlowCapacityFactor(int link, long[] flowsOnLink) {
        return 1;
    }

    /**
     * Whether the class whose path runs from {@code firstLink} to {@code lastLink} crosses saturated {@code link}
     * unread by the congestion control: its telemetry never reports the link to the class's sender, which then holds
     * nothing back for it (HPCC under spraying, where a flow crosses a link between switches with part of its packets).
     * Such classes fill the link as far as they offer it, whatever the control does to the others, so a link they offer
     * ρ_u of its capacity runs at no less than min(1, ρ_u) ({@code ContentionReading}). False (the default). Asked only
     * where {@link #leavesLinksUnread}.
     */
    default boolean crossesUnread(int link, int firstLink, int lastLink) {
        return false;
    }

    /** Whether {@link #crossesUnread} may answer true (false, the default: the flow model never asks it). */
    default boolean leavesLinksUnread() {
        return false;
    }

    /**
     * The bytes a backlog of flows held back downstream may occupy in the next switch before it blocks
     * {@code link}'s FIFO queue (head-of-line blocking, {@link HeadOfLineBlocking}): a credit-based
     * link's credit, PFC's pause threshold (for a link group, the sum over its members); +∞ (the default)
     * where nothing blocks: a lossy fabric, or a congestion control that keeps the downstream queue below the
     * buffer.
     */
    default double backlogBufferBytes(int link) {
        return Double.POSITIVE_INFINITY;
    }

    /**
     * The share of its capacity saturated {@code link} delivers to the flows left in a contention episode that
     * opened with more: it opened {@code elapsedSeconds} ago with {@code openingFlows} flows offering it {@code
     * openingOverload} times its capacity over {@code openingInputLinks} input links, and {@code flows} of them, with
     * {@code remainingBytes} left, carry on. A congestion control whose state outlives the flows that set it (a rate
     * cut under the opening crowd, the queue the crowd left) charges it here; 1 (the default) where nothing is
     * inherited. The flow model asks at each reading in the episode with fewer flows than it opened with until
     * the answer is below 1, then keeps that answer for the rest of the episode, or, where the model {@link
     * #reasksInherited}, at each reading with fewer flows than at its last answer, keeping the newest
     * (EpisodeOpenings), and only if {@link #inheritsState}.
     */
    default double inheritedCapacityFactor(int link, double openingOverload, double openingFlows,
            int openingInputLinks, double elapsedSeconds, double flows, double remainingBytes) {
        return 1;
    }

    /**
     * Whether {@link #inheritedCapacityFactor} may answer below 1 (false, the default: the flow model never asks it,
     * and a reading costs nothing more).
     */
    default boolean inheritsState() {
        return false;
    }

    /**
     * Whether the flow model asks {@link #inheritedCapacityFactor} again at each reading with fewer flows than at its
     * last answer and keeps the newest (true), or keeps the first answer below 1 (false, the default): a state that
     * the flows left keep being driven to while the crowd thins (DCQCN's rates, cut until their queue drains) is the
     * last crowd's, one set once by the opening crowd (IB CC's index and queue) the first.
     */
    default boolean reasksInherited() {
        return false;
    }

    /**
     * Whether a class offers a link after its first at most its fair share of the link before it, w·c_in / W_in,
     * as well as its sender's share of its NIC (false, the default: its NIC's share only). A switch link's queue
     * grows only from what its input links bring, and a saturated input link gives the class that share; a congestion
     * control that marks only at a queue past a threshold (IB CC) is then not set off at a link fed by links already
     * saturated upstream.
     */
    default boolean offersInputShare() {
        return false;
    }

    /**
     * Whether {@link #sharedInputFactor} may answer below 1 (false, the default: the flow model never asks it, and an
     * episode's opening costs nothing more).
     */
    default boolean chargesSharedInputs() {
        return false;
    }

    /**
     * The share of its capacity saturated {@code link} delivers for a contention episode of {@code episodeBytes} of
     * which it delivers {@code sharedBytes} while two input links or more feed it ({@link SharedInputs}), asked once,
     * at the episode's opening, and applied over the rest of the factor for the whole episode: a cost that only
     * links fed by several choosing switches pay (go-back-N's reordering where the twin paths into a destination are
     * fed by switches whose splits differ). 1 (the default) where nothing is charged. {@link #smallestFactor} bounds
     * its product with the rest.
     */
    default double sharedInputFactor(int link, double episodeBytes, double sharedBytes) {
        return 1;
    }

    /**
     * Where a flow's choice among a switch's uplinks follows its hash whenever its hashed uplink has room, what that
     * does to the links past the choice ({@link HashedChoices}); null (the default) where the flow model's own choice
     * stands, and a reading costs nothing more.
     */
    default ChoiceHashing choiceHashing() {
        return null;
    }
}
