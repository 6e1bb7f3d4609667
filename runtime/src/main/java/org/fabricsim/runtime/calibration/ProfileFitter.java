package org.fabricsim.runtime.calibration;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.linear.RealVector;
import org.hipparchus.optim.ConvergenceChecker;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresBuilder;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresProblem;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LevenbergMarquardtOptimizer;
import org.hipparchus.util.Pair;

/**
 * Fits the free parameters of a profile (lower &lt; upper) to measured cases by bounded least
 * squares, and cross-validates the fit by leaving each case out.
 *
 * <p>Maths. Each free parameter p_j is fitted in box coordinates x_j = (p_j − lower_j) ÷ (upper_j −
 * lower_j) ∈ [0, 1], so parameters of any unit (fractions, seconds) weigh alike and every step is
 * clamped into the bounds (Hipparchus's ParameterValidator). Levenberg–Marquardt minimises
 * Σ_i r_i(x)², with r_i the residual of case i ({@link CalibrationCase#residual}: its relative
 * error, or its error in points ÷ 100). The Jacobian is a one-sided finite difference of step h = 10⁻⁴ in box
 * coordinates, taken towards the inside of the box. A free parameter none of whose perturbations
 * moves any case (|∂r_i/∂x_j| ≤ 10⁻⁹ at the start) is not fitted: the cases say nothing about it,
 * so it keeps its value. The fit stops when the cost changes by at most 10⁻¹⁰ relative, or after
 * 50 iterations. Leave-one-out: for each case i, the fit is repeated without i (starting from the
 * full fit) and predicts i; the report keeps that prediction and each parameter's range over the
 * refits.
 *
 * <p>Deterministic: the same profile and cases give the same fit. Cost: one case evaluation is one
 * simulation; an iteration evaluates the n cases (k + 1) times for k fitted parameters, and the
 * leave-one-out refits repeat the fit n times: O(n² · k · iterations) simulations.
 */
public final class ProfileFitter {
    private static final double STEP = 1e-4;
    private static final double SENSITIVITY = 1e-9;
    private static final double COST_TOLERANCE = 1e-10;
    private static final int MAX_ITERATIONS = 50;

    private final CalibrationProfile start;
    private final List<CalibrationParameter> fitted;

    private ProfileFitter(CalibrationProfile start, List<CalibrationParameter> fitted) {
        this.start = start;
        this.fitted = fitted;
    }

    /**
     * Fits {@code start}'s free parameters to {@code cases}; the result is named {@code name} and
     * dated {@code date} (ISO), with the cases as fittedOn and their fitted residuals.
     *
     * @throws IllegalArgumentException on an empty or ambiguous data set, a profile without free
     *                                  parameters, or cases none of the free parameters affects; the
     *                                  message says what to do
     */
    public static FitReport fit(CalibrationProfile start, List<CalibrationCase> cases, String name, String date) {
        if (cases.isEmpty()) {
            throw new IllegalArgumentException("no measured cases to fit: give at least one nccl-tests row or"
                    + " measured CSV row");
        }
        Set<String> names = new HashSet<>();
        for (CalibrationCase c : cases) {
            if (!names.add(c.name())) {
                throw new IllegalArgumentException(c.source() + ": case " + c.name() + " is measured twice;"
                        + " keep one row per case");
            }
        }
        List<CalibrationParameter> free = start.parameters().stream().filter(CalibrationParameter::free).toList();
        if (free.isEmpty()) {
            throw new IllegalArgumentException("profile " + start.name() + " has no parameter with bounds"
                    + " (lower < upper); state 'bounds LOW to HIGH' on the parameters to fit");
        }
        ProfileFitter all = new ProfileFitter(start, free);
        double[] origin = all.origin();
        double[][] jacobian = all.jacobian(cases, origin, all.residuals(cases, origin));
        List<CalibrationParameter> sensitive = new ArrayList<>();
        for (int j = 0; j < free.size(); j++) {
            double largest = 0;
            for (double[] row : jacobian) {
                largest = Math.max(largest, Math.abs(row[j]));
            }
            if (largest > SENSITIVITY) {
                sensitive.add(free.get(j));
            }
        }
        if (sensitive.isEmpty()) {
            List<String> fixed = fixedButSensitive(start, cases);
            throw new IllegalArgumentException("none of the free parameters of profile " + start.name() + " "
                    + free.stream().map(CalibrationParameter::name).toList() + " affects the measured cases; "
                    + (fixed.isEmpty() ? "measure workloads these parameters act on"
                            : "the cases depend on " + fixed + ", which have no bounds (lower = upper): state"
                                    + " 'bounds LOW to HIGH' on those to fit them"));
        }
        return new ProfileFitter(start, sensitive).report(cases, name, date);
    }

    /** The parameters without bounds whose relative change by h moves some case: what the user could free. */
    private static List<String> fixedButSensitive(CalibrationProfile start, List<CalibrationCase> cases) {
        List<String> names = new ArrayList<>();
        for (CalibrationParameter p : start.parameters()) {
            if (p.free()) {
                continue;
            }
            double moved = p.value() == 0 ? STEP : p.value() * (1 + STEP);
            List<CalibrationParameter> changed = new ArrayList<>(start.parameters());
            changed.set(changed.indexOf(p), new CalibrationParameter(p.name(), moved, moved, moved, p.meaning(),
                    p.source(), p.unit()));
            CalibrationProfile probe = new CalibrationProfile(start.name(), changed, start.fittedOn(), start.date(),
                    start.residuals());
            if (cases.stream().anyMatch(c -> Math.abs(c.residual(c.predict(probe)) - c.residual(c.predict(start)))
                    > SENSITIVITY)) {
                names.add(p.name());
            }
        }
        return names;
    }

    private FitReport report(List<CalibrationCase> cases, String name, String date) {
        double[] best = solve(cases, origin());
        CalibrationProfile profile = profile(best);
        double[] lowest = best.clone();
        double[] highest = best.clone();
        double[] leftOut = new double[cases.size()];
        for (int i = 0; i < cases.size(); i++) {
            if (cases.size() == 1) {
                leftOut[i] = Double.NaN;
                continue;
            }
            List<CalibrationCase> others = new ArrayList<>(cases);
            others.remove(i);
            double[] refit = solve(others, best);
            for (int j = 0; j < refit.length; j++) {
                lowest[j] = Math.min(lowest[j], refit[j]);
                highest[j] = Math.max(highest[j], refit[j]);
            }
            leftOut[i] = cases.get(i).predict(profile(refit));
        }
        List<FitReport.CaseFit> caseFits = new ArrayList<>();
        List<Residual> residuals = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            CalibrationCase c = cases.get(i);
            double after = c.predict(profile);
            caseFits.add(new FitReport.CaseFit(c, c.predict(start), after, leftOut[i]));
            residuals.add(new Residual(c.name(), c.measured(), after));
        }
        List<FitReport.ParameterFit> parameterFits = new ArrayList<>();
        for (CalibrationParameter parameter : profile.parameters()) {
            int j = fitted.stream().map(CalibrationParameter::name).toList().indexOf(parameter.name());
            parameterFits.add(j < 0 ? new FitReport.ParameterFit(parameter, false, parameter.value(), parameter.value())
                    : new FitReport.ParameterFit(parameter, true, value(j, lowest[j]), value(j, highest[j])));
        }
        CalibrationProfile named = new CalibrationProfile(name, profile.parameters(),
                cases.stream().map(CalibrationCase::name).toList(), date, residuals);
        return new FitReport(named, caseFits, parameterFits);
    }

    /** The box coordinates minimising the squared errors of {@code cases}, from {@code from}. */
    private double[] solve(List<CalibrationCase> cases, double[] from) {
        ConvergenceChecker<LeastSquaresProblem.Evaluation> checker = (iteration, previous, current) ->
                iteration >= MAX_ITERATIONS
                        || Math.abs(previous.getCost() - current.getCost()) <= COST_TOLERANCE * current.getCost();
        LeastSquaresProblem problem = new LeastSquaresBuilder()
                .start(from)
                .target(new double[cases.size()])
                .model(point -> {
                    double[] x = point.toArray();
                    double[] residuals = residuals(cases, x);
                    return new Pair<RealVector, RealMatrix>(new ArrayRealVector(residuals, false),
                            new Array2DRowRealMatrix(jacobian(cases, x, residuals), false));
                })
                .parameterValidator(point -> point.map(x -> Math.max(0, Math.min(1, x))))
                .checker(checker)
                .maxIterations(MAX_ITERATIONS + 1)
                .maxEvaluations(Integer.MAX_VALUE)
                .build();
        return new LevenbergMarquardtOptimizer().optimize(problem).getPoint().toArray();
    }

    private double[] residuals(List<CalibrationCase> cases, double[] x) {
        CalibrationProfile profile = profile(x);
        double[] residuals = new double[cases.size()];
        for (int i = 0; i < residuals.length; i++) {
            residuals[i] = cases.get(i).residual(cases.get(i).predict(profile));
        }
        return residuals;
    }

    /** ∂r_i/∂x_j by a one-sided difference towards the inside of the box. */
    private double[][] jacobian(List<CalibrationCase> cases, double[] x, double[] residuals) {
        double[][] jacobian = new double[cases.size()][x.length];
        for (int j = 0; j < x.length; j++) {
            double step = x[j] + STEP <= 1 ? STEP : -STEP;
            double[] moved = x.clone();
            moved[j] += step;
            double[] shifted = residuals(cases, moved);
            for (int i = 0; i < residuals.length; i++) {
                jacobian[i][j] = (shifted[i] - residuals[i]) / step;
            }
        }
        return jacobian;
    }

    private double[] origin() {
        double[] x = new double[fitted.size()];
        for (int j = 0; j < x.length; j++) {
            CalibrationParameter p = fitted.get(j);
            x[j] = (p.value() - p.lower()) / (p.upper() - p.lower());
        }
        return x;
    }

    private CalibrationProfile profile(double[] x) {
        CalibrationProfile profile = start;
        for (int j = 0; j < x.length; j++) {
            profile = profile.with(fitted.get(j).name(), value(j, x[j]));
        }
        return profile;
    }

    private double value(int j, double x) {
        CalibrationParameter p = fitted.get(j);
        return p.lower() + Math.max(0, Math.min(1, x)) * (p.upper() - p.lower());
    }
}
